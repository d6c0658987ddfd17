// `payout-desk` — the core, headless: one thin command per capability, `--json` for machines,
// readable text for people. From a checkout: `npm run --silent cli -- ARGS`.
import { startSandbox } from '../sandbox/sandbox';
import {
  approveCommand,
  batchesCommand,
  importCommand,
  showCommand,
  syncCommand,
  validateCommand,
} from './cli/batch-commands';
import { exportCommand, templateCommand } from './cli/export-commands';
import { groupsCommand, statementCommand, walletCommand } from './cli/live-commands';
import { profileCommand } from './cli/profile-commands';
import { UsageError, type CliContext } from './cli/context';
import { invocationFolder } from './cli/invocation-folder';
import { ServiceCallError } from './core/client';
import { appDataDir } from './core/data-dir';

const USAGE = `usage: payout-desk COMMAND [options] [--json]

  profile add NAME --base-url URL --auth-url URL [--ca FILE] | profile list
  template FILE.xlsx|FILE.csv [--force]    a new batch's sheet, with example rows (offline)
  import FILE [--sheet NAME] [--batch NAME] [--group ID] [--mapping FILE] [--profile NAME]
                                       any .xlsx or .csv payee list becomes a batch of drafts;
                                       --mapping {"<header>": "<field>" | null} corrects the
                                       columns it names (null: not mapped), the rest proposed;
                                       a repeated header by its column: "Amount (D)";
                                       the mapping printed names every column, null for one
                                       not used, and can be given back as --mapping
  batches
  show BATCH | status BATCH
  approve BATCH (--all | --rows 2,5-9)
  validate BATCH [--profile NAME]      the service checks the new beneficiaries
  sync BATCH [--profile NAME] [--chunk-size N]
  export BATCH FILE.xlsx|FILE.csv      the imported sheet with each row's state and error (offline)
  groups [--name N] [--locked true|false] [--wallet ID] [--tag key=value] [--skip N] [--take N]
         [--profile NAME]
  wallet WALLET_ID [--profile NAME]
  statement WALLET_ID [--from DATE] [--to DATE] [--export FILE.xlsx|FILE.csv] [--profile NAME]
  sandbox [--port N] [--data DIR]      the Payments Service sandbox on its own

With no --profile, commands use the Local sandbox, started in this process.
Credentials of other profiles: the OS keychain, or PAYOUT_DESK_API_KEY / PAYOUT_DESK_CLIENT_SECRET.
Data folder: $PAYOUT_DESK_HOME, else the OS app data folder.`;

const COMMANDS: Record<string, (ctx: CliContext, args: string[]) => Promise<void>> = {
  template: templateCommand,
  import: importCommand,
  batches: batchesCommand,
  show: showCommand,
  status: showCommand,
  approve: approveCommand,
  sync: syncCommand,
  validate: validateCommand,
  export: exportCommand,
  profile: profileCommand,
  groups: groupsCommand,
  wallet: walletCommand,
  statement: statementCommand,
};

async function main(argv: string[]): Promise<number> {
  // Relative file arguments (and --data, --ca, --mapping) mean the folder `npm run cli` was
  // typed in, not the package root npm runs it from. Modules load by their own URLs, so
  // moving does not disturb tsx or the sheet workers.
  const typedIn = invocationFolder();
  if (typedIn) process.chdir(typedIn);
  const [command, ...rest] = argv;
  if (command === 'sandbox') {
    process.argv = [process.argv[0] ?? 'node', 'sandbox', ...rest];
    await import('../sandbox/main');
    return -1; // the sandbox runs until it is stopped
  }
  const run = command ? COMMANDS[command] : undefined;
  if (!run) {
    process.stderr.write(
      `${command && command !== 'help' && command !== '--help' ? `unknown command "${command}"\n` : ''}${USAGE}\n`,
    );
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const json = rest.includes('--json');
  const ctx: CliContext = {
    dataDir: appDataDir(),
    json,
    out: (text) => process.stdout.write(`${text}\n`),
    note: (text) => {
      if (!json) process.stderr.write(`${text}\n`);
    },
    startSandbox: (options) => startSandbox(options),
    env: process.env,
  };
  try {
    await run(
      ctx,
      rest.filter((arg) => arg !== '--json'),
    );
    return 0;
  } catch (error) {
    process.stderr.write(`payout-desk ${command}: ${explain(error)}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

function explain(error: unknown): string {
  if (error instanceof ServiceCallError) {
    const hint =
      error.kind === 'network'
        ? ' — check the connection and the profile addresses, then try again'
        : error.status === 401
          ? ' — check the profile credentials'
          : '';
    return `${error.message}${hint}`;
  }
  if (
    error instanceof Error &&
    (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
  ) {
    return `${error.message}\n${USAGE}`;
  }
  return error instanceof Error ? error.message : String(error);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`payout-desk: ${String((error as Error)?.stack ?? error)}\n`);
    process.exitCode = 1;
  },
);
