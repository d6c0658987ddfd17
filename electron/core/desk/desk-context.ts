// What every use case of the desk gets: the one outbox connection, the service per profile,
// the events, the running jobs, and the clock. Built once, in createDesk.
import type { DeskMethodName, DeskOutput, DeskParsedInput } from '../../../shared/desk/api';
import { DeskError } from '../../../shared/desk/errors';
import { LOCAL_PROFILE } from '../../../shared/desk/profiles';
import type { Outbox } from '../outbox';
import type { Batch } from '../outbox/batch-repository';
import type { SecretStore } from '../secrets';
import type { Connections } from './connections';
import type { DeskEvents } from './desk-events';
import type { Jobs } from './jobs';

export interface DeskContext {
  /** The data folder: the outbox, the Local sandbox's data, kept certificates. */
  dataDir: string;
  outbox: Outbox;
  connections: Connections;
  events: DeskEvents;
  jobs: Jobs;
  now: () => Date;
  /** Today in the user's calendar, YYYY-MM-DD: a payment dated before it goes out at once. */
  today: () => string;
  keychain: () => Promise<SecretStore | null>;
}

/** One method's implementation: the input already checked, a signal for long work. */
export type DeskHandler<M extends DeskMethodName> = (
  input: DeskParsedInput<M>,
  signal: AbortSignal,
) => Promise<DeskOutput<M>> | DeskOutput<M>;

export type DeskHandlers = { [M in DeskMethodName]: DeskHandler<M> };

/** A ready batch by id or name, or a `not_found` error that says how to find one. */
export function batchOf(ctx: DeskContext, ref: string): Batch {
  const batch = ctx.outbox.batches.find(ref);
  if (!batch) throw new DeskError('not_found', `no batch "${ref}"`);
  return batch;
}

/** The profile a call is for: the one named, else the one in use. */
export function profileOf(ctx: DeskContext, named: string | undefined): string {
  return named ?? ctx.outbox.settings.get<string>('active_profile') ?? LOCAL_PROFILE;
}

export function changed(ctx: DeskContext, batchId: string | null): void {
  ctx.events.emit({ type: 'outbox.changed', batch_id: batchId });
}

/** YYYY-MM-DD of the user's own calendar, not UTC's: near midnight they differ. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
