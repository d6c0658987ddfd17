// What every command gets: where data lives, how to reach the service, how to print.
import { PaymentsClient } from '../core/client';
import { startLocalSandbox, type SandboxStarter } from '../core/local-sandbox';

export interface CliContext {
  dataDir: string;
  json: boolean;
  out: (text: string) => void;
  /** Progress and notes for people; never mixed into --json output. */
  note: (text: string) => void;
  startSandbox: SandboxStarter;
  env: NodeJS.ProcessEnv;
}

export class UsageError extends Error {}

/** A client of the chosen profile; with none, of the Local sandbox started in this process. */
export async function openClient(ctx: CliContext, profileName: string | undefined) {
  if (profileName && profileName !== 'local' && profileName !== 'Local sandbox') {
    throw new UsageError(
      `profile "${profileName}" is not known: saved profiles arrive with the outbox; use the Local sandbox (no --profile)`,
    );
  }
  const local = await startLocalSandbox(ctx.startSandbox, ctx.dataDir, {
    apiKey: ctx.env.PAYOUT_DESK_API_KEY ?? 'sandbox-api-key',
    clientSecret: ctx.env.PAYOUT_DESK_CLIENT_SECRET ?? 'sandbox-client-secret',
  });
  ctx.note(`Using the Local sandbox at ${local.profile.baseUrl}`);
  const client = new PaymentsClient({ profile: local.profile, credentials: local.credentials });
  return {
    client,
    close: async () => {
      client.close();
      await local.close();
    },
  };
}

export function print(ctx: CliContext, value: unknown, text: () => string): void {
  ctx.out(ctx.json ? JSON.stringify(value, null, 2) : text());
}
