// `npm run sandbox -- [--port N] [--data DIR]`: runs the Payments Service sandbox until
// SIGTERM/SIGINT. When ready it prints one JSON line: {"base_url", "auth_url", "ca"}.
import { parseArgs } from 'node:util';
import { defaultDataDir } from './data-dir';
import { DEMO_CREDENTIALS, startSandbox } from './sandbox';

const DEFAULT_PORT = 8443;
const USAGE =
  'usage: npm run sandbox -- [--port N (default 8443, 0 for any free port)] [--data DIR]';

/** A command line to correct: exit status 2 with the usage, as the payout-desk command does. */
class UsageError extends Error {}

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    // node:util's words name its internals ("place it at the end of the command after '--'").
    const named = /'(-[^' ]+)/.exec((error as Error).message)?.[1];
    const code = (error as { code?: string }).code;
    if (named && code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw new UsageError(`unknown option ${named}`);
    if (named && /argument missing/.test((error as Error).message))
      throw new UsageError(`${named} needs a value`);
    throw new UsageError((error as Error).message);
  }
}

async function main(): Promise<void> {
  const values = parseCommandLine();
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
  }
  const dataDir = values.data ?? defaultDataDir();
  const sandbox = await startSandbox({
    port,
    dataDir,
    credentials: {
      apiKey: process.env.SANDBOX_API_KEY ?? DEMO_CREDENTIALS.apiKey,
      clientSecret: process.env.SANDBOX_CLIENT_SECRET ?? DEMO_CREDENTIALS.clientSecret,
    },
  });
  process.stdout.write(
    `${JSON.stringify({ base_url: sandbox.baseUrl, auth_url: sandbox.authUrl, ca: sandbox.caPath })}\n`,
  );
  // For people: stdout stays the one machine-readable line.
  process.stderr.write(
    [
      `Payments Service sandbox ready at ${sandbox.baseUrl} (token: POST ${sandbox.authUrl}/token)`,
      `  certificate to trust: ${sandbox.caPath}`,
      `  data: ${dataDir}`,
      `  credentials: SANDBOX_API_KEY / SANDBOX_CLIENT_SECRET (demo: ${DEMO_CREDENTIALS.apiKey} / ${DEMO_CREDENTIALS.clientSecret})`,
      '  Ctrl-C to stop',
    ].join('\n') + '\n',
  );
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`sandbox: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  const code = (error as { code?: string }).code;
  const message =
    code === 'EADDRINUSE'
      ? 'the port is in use: pass --port N, or --port 0 for any free port'
      : (error as Error).message;
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(1);
});
