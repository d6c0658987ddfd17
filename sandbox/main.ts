// `npm run sandbox -- [--port N] [--data DIR]`: runs the Payments Service sandbox until
// SIGTERM/SIGINT. When ready it prints one JSON line: {"base_url", "auth_url", "ca"}.
import { parseArgs } from 'node:util';
import { defaultDataDir } from './data-dir';
import { DEMO_CREDENTIALS, startSandbox } from './sandbox';

const DEFAULT_PORT = 8443;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(
      'usage: npm run sandbox -- [--port N (default 8443, 0 for any free port)] [--data DIR]\n',
    );
    return;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
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
  const code = (error as { code?: string }).code;
  const message =
    code === 'EADDRINUSE'
      ? 'the port is in use: pass --port N, or --port 0 for any free port'
      : (error as Error).message;
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(1);
});
