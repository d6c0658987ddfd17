// The `--json` shapes README.md documents for `payout-desk`, read from the README itself, so
// that a test holds the command to what the README promises: every key it lists is there (a
// key marked `?` may be absent), an object where it shows one, an array where it shows one,
// each element in the array's shape. Keys beyond those are allowed: a shape may be extended,
// never broken. `"<header>"` as a key stands for any key.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Shape =
  | { kind: 'any' }
  | { kind: 'array'; of: Shape }
  | { kind: 'object'; keys: Map<string, { optional: boolean; shape: Shape }>; anyKey?: Shape };

const README = fileURLToPath(new URL('../../README.md', import.meta.url));

/** The shape the README gives for `command` (as its list names it: `import`, `show`…). */
export function documentedShape(command: string): Shape {
  const line = readFileSync(README, 'utf8')
    .split('\n')
    .find((text) => text.startsWith(`- \`${command}\``));
  const written = line?.match(/`(\{.*?\})`/)?.[1];
  if (!written) throw new Error(`README.md documents no --json shape for ${command}`);
  return new ShapeReader(written).read();
}

/** Where `value` departs from the README's shape for `command`, as paths; [] when it does not. */
export function departuresFromReadme(value: unknown, command: string, ...within: string[]) {
  let shape = documentedShape(command);
  for (const key of within) {
    const next = shape.kind === 'object' ? shape.keys.get(key)?.shape : undefined;
    if (!next) throw new Error(`the README's ${command} shape has no ${within.join('.')}`);
    shape = next;
  }
  return departures(value, shape, command);
}

function departures(value: unknown, shape: Shape, at: string): string[] {
  if (shape.kind === 'any') return [];
  if (shape.kind === 'array') {
    if (!Array.isArray(value)) return [`${at}: not an array`];
    return value.flatMap((item, index) => departures(item, shape.of, `${at}[${index}]`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${at}: not an object`];
  }
  const found = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [key, { optional, shape: inner }] of shape.keys) {
    if (!(key in found)) {
      if (!optional) problems.push(`${at}.${key}: missing`);
      continue;
    }
    problems.push(...departures(found[key], inner, `${at}.${key}`));
  }
  if (shape.anyKey) {
    for (const [key, item] of Object.entries(found)) {
      problems.push(...departures(item, shape.anyKey, `${at}.${key}`));
    }
  }
  return problems;
}

/** Reads the README's notation: `{"a", "b"?: [{"c"}], "d": {"<k>": "<v>" | null}, "e": [...]}`. */
class ShapeReader {
  private readonly tokens: string[];
  private at = 0;

  constructor(text: string) {
    this.tokens = text.match(/"(?:[^"\\]|\\.)*"|\.\.\.|[{}[\]:,?|]|\w+/g) ?? [];
  }

  read(): Shape {
    const shape = this.value();
    if (this.at !== this.tokens.length) throw new Error(`unread: ${this.tokens.slice(this.at)}`);
    return shape;
  }

  private next(): string {
    const token = this.tokens[this.at++];
    if (token === undefined) throw new Error('the shape ends too soon');
    return token;
  }

  private peek(): string | undefined {
    return this.tokens[this.at];
  }

  private value(): Shape {
    const token = this.next();
    let shape: Shape;
    if (token === '{') shape = this.object();
    else if (token === '[') shape = this.array();
    else shape = { kind: 'any' }; // "text", null, ...
    if (this.peek() === '|') {
      this.next();
      this.value(); // "<field>" | null: a leaf either way
      return { kind: 'any' };
    }
    return shape;
  }

  private object(): Shape {
    const keys = new Map<string, { optional: boolean; shape: Shape }>();
    let anyKey: Shape | undefined;
    while (this.peek() !== '}') {
      const key = JSON.parse(this.next()) as string;
      const optional = this.peek() === '?' && this.next() === '?';
      let shape: Shape = { kind: 'any' };
      if (this.peek() === ':') {
        this.next();
        shape = this.value();
      }
      if (/^<.*>$/.test(key)) anyKey = shape;
      else keys.set(key, { optional, shape });
      if (this.peek() === ',') this.next();
    }
    this.next();
    return { kind: 'object', keys, ...(anyKey ? { anyKey } : {}) };
  }

  private array(): Shape {
    const of = this.peek() === '...' ? (this.next(), { kind: 'any' as const }) : this.value();
    if (this.next() !== ']') throw new Error('an array of more than one shape');
    return { kind: 'array', of };
  }
}
