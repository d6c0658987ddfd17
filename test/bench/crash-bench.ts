// npm run bench:crash — the crash test's scenario with many more kills: a child syncing
// payments is killed with SIGKILL at seeded random moments, restarted each time, then run to
// the end. Prints one JSON object: what the outbox and the sandbox hold, and whether the
// exactly-once invariant held. CRASH_KILLS, CRASH_PAYMENTS and CRASH_SEED override the defaults.
import { runCrashScenario } from '../support/crash-scenario';
import { startTestSandbox } from '../support/sandbox';

const payments = Number(process.env.CRASH_PAYMENTS ?? 10_000);
const kills = Number(process.env.CRASH_KILLS ?? 150);
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);

const sandbox = await startTestSandbox();
const started = performance.now();
try {
  const outcome = await runCrashScenario(sandbox, { payments, kills, seed, maxMs: 400 });
  const held =
    outcome.finalState === 'done' &&
    outcome.draftsInOutbox === payments &&
    outcome.approvedAccepted === outcome.approved &&
    outcome.paymentsAtService === outcome.approved &&
    outcome.unexpectedAtService === 0 &&
    outcome.duplicatesAtService === 0 &&
    outcome.missingAtService === 0;
  const { finalStderr, ...figures } = outcome;
  process.stdout.write(
    `${JSON.stringify(
      {
        payments,
        kills,
        seed,
        seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
        ...snakeCase(figures),
        exactly_once_held: held,
        ...(held ? {} : { final_stderr: finalStderr.slice(-2000) }),
      },
      null,
      2,
    )}\n`,
  );
  process.exitCode = held ? 0 : 1;
} finally {
  await sandbox.close();
}

function snakeCase(figures: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(figures).map(([key, value]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      value,
    ]),
  );
}
