// Model-based test (fast-check commands): random sequences of draft, edit, approve, sync,
// crash-after-send, faults and token expiry. After every step: no payment exists twice at
// the service, no draft is lost, and every accepted draft is held exactly once. At the end,
// with faults off, one more sync leaves every approved draft held exactly once.
import { rm } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NodeHttpsTransport,
  type HttpRequest,
  type HttpResponse,
  type PaymentsClient,
} from '../../../electron/core/client';
import type { Outbox } from '../../../electron/core/outbox';
import { SyncEngine } from '../../../electron/core/sync/sync-engine';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { outboxWithBatch, salary } from '../../support/sync-scene';

/** The real transport, except that the answer to a bulk import is lost after it was handled. */
class AnswerLosingTransport extends NodeHttpsTransport {
  override async send(req: HttpRequest): Promise<HttpResponse> {
    const response = await super.send(req);
    if (req.method === 'POST' && req.url.pathname === '/payments/payments/import') {
      throw Object.assign(new Error('connection reset after the request was handled'), {
        code: 'ECONNRESET',
      });
    }
    return response;
  }
}

let t: TestSandbox;
let client: PaymentsClient;
let losingClient: PaymentsClient;
beforeAll(async () => {
  t = await startTestSandbox();
  client = sandboxClient(t, { sleep: async () => {} });
  losingClient = sandboxClient(t, {
    sleep: async () => {},
    transport: new AnswerLosingTransport(t.sandbox.ca),
  });
});
afterAll(async () => {
  client.close();
  losingClient.close();
  await t.close();
});

interface Real {
  outbox: Outbox;
  batchId: string;
  groupId: string;
  payeeId: string;
  engine: SyncEngine;
  next: number;
}
interface Model {
  drafts: number;
}

const faultsOff = () => t.expect(200, 'POST', '/_sandbox/faults', { body: {} });

async function held(real: Real): Promise<Map<string, number>> {
  await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 0 } });
  const stored = await t.expect<{ items: { id: string }[] }>(
    200,
    'GET',
    `/_sandbox/payments?group=${real.groupId}`,
  );
  const counts = new Map<string, number>();
  for (const item of stored.items) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
  return counts;
}

async function checkInvariants(model: Model, real: Real) {
  const drafts = real.outbox.drafts.page(real.batchId, 0, 10_000);
  expect(drafts).toHaveLength(model.drafts); // no draft lost
  const counts = await held(real);
  const ours = drafts.map((d) => counts.get(d.id) ?? 0);
  expect(ours.every((n) => n <= 1)).toBe(true); // never twice
  drafts.forEach((d, i) => {
    if (d.state === 'accepted') expect(ours[i]).toBe(1);
    if (d.state === 'draft' || d.state === 'approved') expect(ours[i]).toBe(0);
  });
}

const commands = [
  fc.integer({ min: 1, max: 8 }).map((n) => ({
    check: () => true,
    run: async (model: Model, real: Real) => {
      real.outbox.drafts.create(
        real.batchId,
        Array.from({ length: n }, (_, i) => salary(real.groupId, real.payeeId, real.next + i)),
      );
      real.next += n;
      model.drafts += n;
      await checkInvariants(model, real);
    },
    toString: () => `draft(${n})`,
  })),
  fc.nat().map((pick) => ({
    check: (model: Model) => model.drafts > 0,
    run: async (model: Model, real: Real) => {
      const drafts = real.outbox.drafts.page(real.batchId, 0, 10_000);
      const draft = drafts[pick % drafts.length]!;
      const result = real.outbox.drafts.edit(
        draft.id,
        { payment: { ...draft.payment, description: `edited ${pick}` }, beneficiary: null },
        [],
      );
      expect(result.ok).toBe(['draft', 'approved', 'failed'].includes(draft.state));
      await checkInvariants(model, real);
    },
    toString: () => `edit(${pick})`,
  })),
  fc.boolean().map((all) => ({
    check: (model: Model) => model.drafts > 0,
    run: async (model: Model, real: Real) => {
      const drafts = real.outbox.drafts
        .page(real.batchId, 0, 10_000)
        .filter((d, i) => all || i % 2 === 0);
      real.outbox.drafts.approve(drafts.map((d) => d.id));
      await checkInvariants(model, real);
    },
    toString: () => `approve(${all ? 'all' : 'half'})`,
  })),
  fc.constant({
    check: () => true,
    run: async (model: Model, real: Real) => {
      await real.engine.sync(real.batchId);
      await checkInvariants(model, real);
    },
    toString: () => 'sync',
  }),
  fc.constant({
    check: () => true,
    run: async (model: Model, real: Real) => {
      // A crash after a chunk left: the service handled it, its answer never came back, and
      // the run stopped there. The next sync must settle that chunk without a second payment.
      await new SyncEngine(real.outbox, losingClient, {
        chunkSize: 5,
        pollMs: 5,
        sleep: async () => {},
      }).sync(real.batchId);
      await checkInvariants(model, real);
    },
    toString: () => 'crash-after-send',
  }),
  fc.integer({ min: 1, max: 1000 }).map((seed) => ({
    check: () => true,
    run: async (model: Model, real: Real) => {
      await t.expect(200, 'POST', '/_sandbox/faults', {
        body: {
          rate_limit_probability: 0.2,
          retry_after_seconds: 0,
          server_error_probability: 0.2,
          drop_before_probability: 0.1,
          drop_after_probability: 0.1,
          seed,
        },
      });
      await real.engine.sync(real.batchId);
      await faultsOff();
      await checkInvariants(model, real);
    },
    toString: () => `faults(${seed})`,
  })),
  fc.constant({
    check: () => true,
    run: async (model: Model, real: Real) => {
      await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 24 * 3600 + 5 } });
      await checkInvariants(model, real);
    },
    toString: () => 'token-expiry',
  }),
];

let commandsRun = 0;

describe('the sync engine, model-based', () => {
  it('never sends a payment twice and never loses a draft', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (cmds) => {
        // Every run starts with approved drafts, so that sends, crashes and faults bite at once.
        const scene = await outboxWithBatch(client, (groupId, payeeId) =>
          Array.from({ length: 10 }, (_, n) => salary(groupId, payeeId, n)),
        );
        scene.outbox.drafts.approve(scene.created.map((d) => d.id));
        const real: Real = {
          outbox: scene.outbox,
          batchId: scene.batch.id,
          groupId: scene.groupId,
          payeeId: scene.payeeId,
          engine: new SyncEngine(scene.outbox, client, {
            chunkSize: 5,
            pollMs: 5,
            sleep: async () => {},
          }),
          next: 10,
        };
        const model: Model = { drafts: 10 };
        try {
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          await faultsOff();
          const approvedOrBeyond = real.outbox.drafts
            .page(real.batchId, 0, 10_000)
            .filter((d) => d.state !== 'draft' && d.state !== 'failed');
          let result = await real.engine.sync(real.batchId);
          for (let i = 0; i < 5 && result.state !== 'done'; i += 1)
            result = await real.engine.sync(real.batchId);
          const counts = await held(real);
          expect(result.state).toBe('done');
          for (const draft of approvedOrBeyond) {
            expect(counts.get(draft.id) ?? 0).toBe(1);
            expect(real.outbox.drafts.get(draft.id)?.state).toBe('accepted');
          }
          commandsRun += cmds.toString().split(',').length;
        } finally {
          await faultsOff();
          scene.outbox.close();
          await rm(scene.dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 25, seed: 20261122 },
    );
    expect(commandsRun).toBeGreaterThan(30); // the runs did exercise the engine
  });
});
