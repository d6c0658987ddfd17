// The exactly-once invariant under crashes: a child process syncs 2,000 payments and is killed
// with SIGKILL at random moments; after each restart the sync resumes; at the end the sandbox
// holds exactly one payment per approved draft and the outbox lost nothing.
// `npm run bench:crash` runs the same scenario with many more kills.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCrashScenario } from '../../support/crash-scenario';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

const PAYMENTS = 2000;
const KILLS = 20;

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.close();
});

describe('a sync killed at random moments', () => {
  it(
    `sends each of ${PAYMENTS} approved drafts exactly once after ${KILLS} kills`,
    { timeout: 300_000 },
    async () => {
      const outcome = await runCrashScenario(t, {
        payments: PAYMENTS,
        kills: KILLS,
        seed: 20261122,
      });
      console.info(
        `kills that landed: ${outcome.killsLanded} of ${KILLS}; chunks by state: ${JSON.stringify(outcome.chunkStates)}`,
      );
      expect(outcome.finalState, outcome.finalStderr).toBe('done');
      expect(outcome.killsLanded).toBeGreaterThan(0);

      // The outbox lost nothing: every draft is there, every approved one accepted, the others
      // untouched.
      expect(outcome.draftsInOutbox).toBe(PAYMENTS);
      expect(outcome.approvedAccepted).toBe(outcome.approved);
      expect(outcome.unapprovedUntouched).toBe(PAYMENTS - outcome.approved);

      // The service holds exactly one payment per approved draft, and none of the others.
      expect(outcome).toMatchObject({
        paymentsAtService: outcome.approved,
        unexpectedAtService: 0,
        duplicatesAtService: 0,
        missingAtService: 0,
      });
    },
  );
});
