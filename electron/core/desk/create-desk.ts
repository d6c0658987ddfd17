// createDesk: the one composition root of the core. It opens the outbox once, makes one client
// per profile (the Local sandbox's started on first use), and implements every DeskApi method
// over them. Each call's input is checked with the contract's schema and its answer before it
// leaves; failures become the contract's one error shape. The CLI, the browser host and the
// Electron core process call this and nothing else.
import {
  DESK_METHODS,
  DESK_METHOD_NAMES,
  type DeskApi,
  type DeskInput,
  type DeskMethodName,
  type DeskOutput,
} from '../../../shared/desk/api';
import type { RetryPolicy } from '../client';
import type { SandboxStarter } from '../local-sandbox';
import { Outbox } from '../outbox';
import { lockOwner } from '../outbox/batch-lock';
import { openSecretStore, type SecretStore } from '../secrets';
import { KeychainUnavailableError } from '../secrets';
import { batchHandlers } from './batch-methods';
import { beneficiaryHandlers } from './beneficiary-methods';
import { Connections } from './connections';
import { localDay, type DeskContext, type DeskHandlers } from './desk-context';
import { toDeskError } from './desk-errors';
import { DeskEvents, type DeskListener } from './desk-events';
import { draftHandlers } from './draft-methods';
import { recheckTwins } from './draft-revision';
import { importHandlers } from './import-methods';
import { Jobs } from './jobs';
import { liveHandlers } from './live-methods';
import { statementSearchHandlers } from './statement-search';
import { walletHandlers } from './wallet-methods';
import { profileHandlers } from './profile-methods';
import { settingsHandlers } from './settings-methods';
import { auditHandlers } from './audit-methods';
import { syncHandlers } from './sync-methods';

export interface DeskOptions {
  /** Where the outbox and the Local sandbox's data live. */
  dataDir: string;
  /** The clock; tests move it, nothing else does. */
  clock?: () => Date;
  /**
   * Where credentials live: the OS keychain unless given (tests give a keychain of their own
   * service name). null: there is none, and credentials can be kept in memory for a run only.
   */
  secretStore?: SecretStore | null;
  /** Starts the Local sandbox; without it, only saved profiles can be used. */
  startSandbox?: SandboxStarter;
  /** How calls to the service are retried; tests shorten the waits (time is their edge). */
  retry?: RetryPolicy;
  /**
   * Who the audit log names for this desk's work: the operating system's user, unless given.
   * An edge like the clock: a test gives a second person, to prove maker-checker.
   */
  actor?: string;
}

export interface Desk {
  /** Every method, each checked on the way in and out. */
  readonly api: DeskApi;
  call<M extends DeskMethodName>(
    method: M,
    input: unknown,
    options?: { signal?: AbortSignal },
  ): Promise<DeskOutput<M>>;
  on(listener: DeskListener): () => void;
  /** Cancels every running job at its next safe point (a face's Ctrl-C, a window closing). */
  cancelAll(): void;
  close(): Promise<void>;
}

export function createDesk(options: DeskOptions): Desk {
  const now = options.clock ?? (() => new Date());
  const outbox = Outbox.open(options.dataDir, { actor: options.actor });
  const events = new DeskEvents();
  const keychain = keychainOf(options.secretStore);
  const connections = new Connections({
    outbox,
    dataDir: options.dataDir,
    events,
    now,
    keychain,
    startSandbox: options.startSandbox,
    retry: options.retry,
  });
  const ctx: DeskContext = {
    dataDir: options.dataDir,
    outbox,
    connections,
    events,
    jobs: new Jobs(events, now),
    now,
    today: () => localDay(now()),
    keychain,
  };
  // An import that died halfway leaves no batch behind; one still running in another process
  // (the CLI beside the app) holds its batch, and is left to finish.
  // So does a deletion stopped halfway; a draft of another batch warned as a possible duplicate
  // of one of its drafts is looked at again once it is gone, as a deletion that ran whole does.
  let deleted = false;
  for (const id of outbox.batches.importing()) {
    if (!outbox.locks.acquire(id, lockOwner('cleanup')).ok) continue;
    outbox.batches.delete(id);
    deleted = true;
  }
  if (deleted) outbox.db.transaction(() => recheckTwins(outbox, outbox.drafts.warnedKeys()))();
  const handlers: DeskHandlers = {
    ...profileHandlers(ctx),
    ...settingsHandlers(ctx),
    ...auditHandlers(ctx),
    ...batchHandlers(ctx),
    ...draftHandlers(ctx),
    ...importHandlers(ctx),
    ...syncHandlers(ctx),
    ...liveHandlers(ctx),
    ...beneficiaryHandlers(ctx),
    ...walletHandlers(ctx),
    ...statementSearchHandlers(ctx),
  };

  async function call<M extends DeskMethodName>(
    method: M,
    input: unknown,
    callOptions: { signal?: AbortSignal } = {},
  ): Promise<DeskOutput<M>> {
    try {
      const schema = DESK_METHODS[method];
      const parsed = schema.input.parse(input === undefined ? {} : input);
      const handler = handlers[method] as (
        input: unknown,
        signal: AbortSignal,
      ) => Promise<unknown> | unknown;
      const value = await handler(parsed, callOptions.signal ?? new AbortController().signal);
      return schema.output.parse(value) as DeskOutput<M>;
    } catch (error) {
      throw toDeskError(error);
    }
  }

  const api = Object.fromEntries(
    DESK_METHOD_NAMES.map((method) => [
      method,
      (input: DeskInput<typeof method>) => call(method, input),
    ]),
  ) as DeskApi;

  return {
    api,
    call,
    on: (listener) => events.on(listener),
    cancelAll: () => ctx.jobs.cancelAll(),
    async close() {
      ctx.jobs.cancelAll();
      // Each job stops at its next safe point; the outbox closes after the last one.
      await ctx.jobs.settled();
      await connections.close();
      outbox.close();
    },
  };
}

/** The keychain asked for once, on first need; none when it cannot be reached. */
function keychainOf(given: SecretStore | null | undefined): () => Promise<SecretStore | null> {
  if (given !== undefined) return () => Promise.resolve(given);
  let opened: Promise<SecretStore | null> | undefined;
  return () =>
    (opened ??= openSecretStore({ allowMemory: false }).catch((error: unknown) => {
      if (error instanceof KeychainUnavailableError) return null;
      throw error;
    }));
}
