// `payout-desk` — the core, headless: one thin command per capability over the desk, `--json`
// for machines, readable text for people. From a checkout: `npm run --silent cli -- ARGS`.
import { DeskError } from '../shared/desk';
import {
  approveCommand,
  batchesCommand,
  deleteCommand,
  importCommand,
  renameCommand,
  setGroupCommand,
  showCommand,
} from './cli/batch-commands';
import { UsageError, type CliContext } from './cli/context';
import { editCommand, undoCommand } from './cli/edit-commands';
import { exportCommand, templateCommand } from './cli/export-commands';
import { hintFor } from './cli/hints';
import { invocationFolder } from './cli/invocation-folder';
import { groupsCommand, statementCommand, walletCommand } from './cli/live-commands';
import { profileCommand } from './cli/profile-commands';
import { describeEvent } from './cli/progress';
import {
  approveAtServiceCommand,
  reconcileCommand,
  retryCommand,
  syncCommand,
  validateCommand,
} from './cli/sync-commands';
import { appDataDir, createDesk, type SandboxStarter } from './core/desk';

const USAGE = `usage: payout-desk COMMAND [options] [--json]

  profile add NAME --base-url URL --auth-url URL [--ca FILE] [--kind sandbox|production]
  profile list | profile remove NAME
  template FILE.xlsx|FILE.csv [--force]    a new batch's sheet, with example rows (offline)
  import FILE [--sheet NAME] [--batch NAME | --append-to BATCH] [--group ID] [--mapping FILE] [--approved] [--profile NAME]
                                       any .xlsx or .csv payee list becomes a batch of drafts
                                       (--append-to: added below an existing batch's rows);
                                       --mapping {"<header>": "<field>" | null} corrects the
                                       columns it names (null: not mapped), the rest proposed;
                                       a repeated header by its column: "Amount (D)";
                                       --approved: its payments go to the service approved,
                                       not for approval there
  batches
  show BATCH | status BATCH
  approve BATCH (--all | --rows 2,5-9) [--include-warnings]
                                       ready to send; rows with warnings only once checked
  edit BATCH ROW FIELD=VALUE [...]     correct a row, revalidated as the app does (offline):
                                       amount, currency, date, purpose, description,
                                       account_name, account_number, iban, sort_code, bic, ...
  undo BATCH                           take back the batch's last change (offline)
  set-group BATCH GROUP_ID [--profile NAME]
                                       the payment group a batch pays from, checked
                                       through the batch's profile
  rename BATCH NEW_NAME | delete BATCH
  validate BATCH [--profile NAME]      the service checks the new beneficiaries
  sync BATCH [--profile NAME] [--chunk-size N]
  retry BATCH                          failed payments, once fixed, approved to send again
  approve-at-service BATCH [--profile NAME]
                                       approve at the service what was sent for approval
  reconcile BATCH [--profile NAME]     which accepted payments the wallet's statement shows debited
  export BATCH FILE.xlsx|FILE.csv [--force]
                                       the imported sheet with each row's state and error (offline)
  groups [--name N] [--locked true|false] [--wallet ID] [--tag key=value] [--skip N] [--take N]
         [--profile NAME]
  wallet WALLET_ID [--profile NAME]
  statement WALLET_ID [--from DATE] [--to DATE] [--export FILE.xlsx|FILE.csv [--force]]
            [--skip N] [--take N] [--profile NAME]
  sandbox [--port N] [--data DIR]      the Payments Service sandbox on its own

With no --profile, commands use the Local sandbox, started in this process.
Credentials of a saved profile: the OS keychain, or PAYOUT_DESK_API_KEY / PAYOUT_DESK_CLIENT_SECRET
for this run. Data folder: $PAYOUT_DESK_HOME, else the OS app data folder.
Exit status: 0 done, 1 failed, 2 usage, 3 sync not finished (run it again), 4 sync done with
payments the service refused, or held back for a payee it found wrong; validate: payees to fix.`;

type Command = (ctx: CliContext, args: string[]) => Promise<number | void>;

/**
 * The sandbox's code loads once a command needs the Local sandbox: the rest start sooner. The
 * app's, where it runs on this data folder (sandbox-starter.ts).
 */
const startSandbox: SandboxStarter = async (options) =>
  (await import('./sandbox-starter')).joinOrStartBuiltInSandbox(options);

const COMMANDS: Record<string, Command> = {
  template: templateCommand,
  import: importCommand,
  batches: batchesCommand,
  show: showCommand,
  status: showCommand,
  approve: approveCommand,
  edit: editCommand,
  undo: undoCommand,
  'set-group': setGroupCommand,
  rename: renameCommand,
  delete: deleteCommand,
  sync: syncCommand,
  validate: validateCommand,
  retry: retryCommand,
  'approve-at-service': approveAtServiceCommand,
  reconcile: reconcileCommand,
  export: exportCommand,
  profile: profileCommand,
  groups: groupsCommand,
  wallet: walletCommand,
  statement: statementCommand,
};

// A reader that stops early (`payout-desk show BATCH | head`) closes the pipe: that is no error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

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
    const asked = command === undefined || command === 'help' || command === '--help';
    // Asked for, the usage is the output (`payout-desk help | less`); a mistake's is on stderr.
    if (asked) process.stdout.write(`${USAGE}\n`);
    else {
      process.stderr.write(`unknown command "${command}"\n${USAGE}\n`);
      // With --json, stdout is JSON whatever happened, a command not known included.
      if (rest.includes('--json')) {
        const message = `unknown command "${command}": payout-desk help lists them`;
        process.stdout.write(`${JSON.stringify({ error: { code: 'invalid_input', message } })}\n`);
      }
    }
    return asked ? 0 : 2;
  }
  const json = rest.includes('--json');
  const desk = createDesk({ dataDir: appDataDir(), startSandbox });
  // Progress and notes go to stderr, with --json too: stdout then holds the JSON alone.
  const note = (text: string) => process.stderr.write(`${text}\n`);
  const off = desk.on((event) => {
    const line = describeEvent(event, command);
    if (line) note(line);
  });
  // Ctrl-C cancels the running job at its next safe point (a sync never between recording a
  // chunk and sending it); a second Ctrl-C stops at once.
  const interrupt = () => {
    process.off('SIGINT', interrupt);
    note('Stopping at the next safe point… (Ctrl-C again to stop at once)');
    desk.cancelAll();
  };
  process.on('SIGINT', interrupt);
  const ctx: CliContext = {
    desk,
    json,
    out: (text) => process.stdout.write(`${text}\n`),
    note,
    env: process.env,
  };
  try {
    const code = await run(
      ctx,
      rest.filter((arg) => arg !== '--json'),
    );
    return code ?? 0;
  } catch (error) {
    const { code, message } = explain(error, command ?? '');
    process.stderr.write(`payout-desk ${command}: ${message}\n`);
    // With --json, stdout is JSON whatever happened: a script reads why, not an empty output.
    if (json) {
      const why =
        error instanceof DeskError ? error.code : code === 2 ? 'invalid_input' : 'internal';
      process.stdout.write(`${JSON.stringify({ error: { code: why, message } })}\n`);
    }
    return code;
  } finally {
    process.off('SIGINT', interrupt);
    off();
    await desk.close();
  }
}

/**
 * What node:util parseArgs found wrong, in the command's words: its own messages name its
 * internals ("place it at the end of the command after '--'") and an unknown option's quotes.
 */
function parseProblem(error: Error): string {
  const named = /'(-[^' ]+)/.exec(error.message)?.[1];
  const code = (error as { code?: string }).code;
  if (named && code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${named}`;
  if (named && /argument missing/.test(error.message)) return `${named} needs a value`;
  if (named && /does not take an argument/.test(error.message)) return `${named} takes no value`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const extra = /'([^']*)'/.exec(error.message)?.[1] ?? '';
    return `unexpected argument "${extra}": this command takes no names or files, only options`;
  }
  return error.message;
}

/** The usage lines of one command (with their explanations), and where the rest are. */
export function usageOf(command: string): string {
  const lines = USAGE.split('\n');
  const picked: string[] = [];
  let taking = false;
  for (const line of lines) {
    const entry = /^ {2}\S/.test(line);
    if (entry) taking = new RegExp(`(^|\\| )${command}( |$)`).test(line.trim());
    else if (!/^ {3,}\S/.test(line)) taking = false;
    if (taking) picked.push(line);
  }
  if (picked.length === 0) return USAGE;
  return `usage: payout-desk ${picked.join('\n').trim()}\n(payout-desk help lists every command)`;
}

/** The exit status and the words for a failure: the desk's message and the command line's hint. */
function explain(error: unknown, command: string): { code: number; message: string } {
  if (error instanceof UsageError) return { code: 2, message: error.message };
  // node:util parseArgs: an unknown option, a value missing, an argument not expected.
  const parseCode = (error as { code?: unknown }).code;
  if (typeof parseCode === 'string' && parseCode.startsWith('ERR_PARSE_ARGS_')) {
    return { code: 2, message: `${parseProblem(error as Error)}\n${usageOf(command)}` };
  }
  if (error instanceof DeskError) {
    // The command line was wrong (a value, a name, a file that is there) unless the service
    // said so: a wallet the service does not know is its answer, not a usage error.
    const fromService = error.details?.status !== undefined;
    const usage =
      !fromService &&
      (['invalid_input', 'not_found', 'no_credentials'].includes(error.code) ||
        (error.code === 'conflict' && typeof error.details?.file === 'string'));
    return { code: usage ? 2 : 1, message: `${error.message}${hintFor(error, command)}` };
  }
  return { code: 1, message: error instanceof Error ? error.message : String(error) };
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
