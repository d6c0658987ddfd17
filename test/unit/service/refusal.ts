// What a schema says when it refuses a value, as the sandbox's 400 description would say it.
import type { z } from 'zod';
import { describeZodError } from '../../../shared/service';

export function refusal(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a refusal of ${JSON.stringify(value)}`);
  return describeZodError(result.error);
}

/** A deep copy of `value` without the property at `path` (e.g. ['items', 0, 'source', 'id']). */
export function without(value: unknown, path: readonly (string | number)[]): unknown {
  const copy: unknown = structuredClone(value);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last !== undefined) delete node[last];
  return copy;
}

/** A deep copy of `value` with the property at `path` set to `replacement`. */
export function withValue(
  value: unknown,
  path: readonly (string | number)[],
  replacement: unknown,
): unknown {
  const copy: unknown = structuredClone(value);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last !== undefined) node[last] = replacement;
  return copy;
}
