// The live views: groups (every filter, paging), a group's deletion with a preview first
// (group-deletion.ts), a wallet, its statement and the statement's export. Each answer says
// when it was fetched; offline, the last copy fetched is answered, marked stale, not nothing.
import { DeskError } from '../../../shared/desk/errors';
import { amountFromNumber } from '../../../shared/domain/money';
import {
  isLastPage,
  type StatementItem,
  type Wallet,
  type WalletStatement,
} from '../../../shared/service';
import { ServiceCallError } from '../client';
import { writeStatement } from '../sheets';
import { cachedCall } from './cached-call';
import { profileOf, type DeskContext, type DeskHandlers } from './desk-context';
import { formatOf, refuseToReplace } from './files';
import { fetchGroups } from './group-choice';
import { groupDeletionHandlers } from './group-deletion';

type LiveHandlers = Pick<
  DeskHandlers,
  | 'listGroups'
  | 'previewGroupDelete'
  | 'deleteGroup'
  | 'getWallet'
  | 'getStatement'
  | 'exportStatement'
>;

const PROGRESS_EVERY = 5_000;

export function liveHandlers(ctx: DeskContext): LiveHandlers {
  return {
    listGroups: ({ profile, query }) => fetchGroups(ctx, profileOf(ctx, profile), query),

    ...groupDeletionHandlers(ctx),

    getWallet: async ({ profile, wallet_id }) => {
      const answer = await cachedCall(
        ctx,
        profileOf(ctx, profile),
        `wallet:${wallet_id}`,
        (client) => client.wallet(wallet_id),
      );
      return { wallet: answer.value, fetched_at: answer.fetched_at, stale: answer.stale };
    },

    getStatement: async ({ profile, wallet_id, start, end, skip, take }) => {
      const query = {
        ...(start ? { start } : {}),
        ...(end ? { end } : {}),
        ...(skip !== undefined ? { skip } : {}),
        ...(take !== undefined ? { take } : {}),
      };
      const key = `statement:${wallet_id}:${JSON.stringify(query)}`;
      const answer = await cachedCall(ctx, profileOf(ctx, profile), key, (client) =>
        client.statement(wallet_id, query),
      );
      return { statement: answer.value, fetched_at: answer.fetched_at, stale: answer.stale };
    },

    exportStatement: async (input, signal) => {
      formatOf(input.file);
      await refuseToReplace(input.file, input.force);
      return ctx.jobs.run({ id: input.job_id, kind: 'export', signal }, (jobSignal, jobId) =>
        exportStatement(ctx, profileOf(ctx, input.profile), { ...input, signal: jobSignal, jobId }),
      );
    },
  };
}

/** The wallet's balance as exact thousandths, fetched or last seen; null when never seen. */
export async function walletBalance(
  ctx: DeskContext,
  profile: string,
  walletId: string,
): Promise<{ milli: bigint; fetchedAt: string } | null> {
  try {
    const answer = await cachedCall(ctx, profile, `wallet:${walletId}`, (client) =>
      client.wallet(walletId),
    );
    return {
      milli: amountFromNumber((answer.value as Wallet).balance),
      fetchedAt: answer.fetched_at,
    };
  } catch (error) {
    if (error instanceof ServiceCallError || error instanceof DeskError) return null;
    throw error;
  }
}

/**
 * The whole statement of a period into a file, page by page. Every page after the first asks
 * for the period the first one answered for: without an end, the service would end each page
 * at its own "now", and an item booked during the export would shift the pages under it.
 */
async function exportStatement(
  ctx: DeskContext,
  profile: string,
  request: {
    wallet_id: string;
    start?: string | undefined;
    end?: string | undefined;
    page_size: number;
    file: string;
    signal: AbortSignal;
    jobId: string;
  },
) {
  return ctx.connections.use(profile, async ({ client }) => {
    const { wallet_id: walletId, page_size: pageSize } = request;
    const wallet = await client.wallet(walletId);
    const first: WalletStatement = await client.statement(walletId, {
      ...(request.start ? { start: request.start } : {}),
      ...(request.end ? { end: request.end } : {}),
      skip: 0,
      take: pageSize,
    });
    const period = { start: first.start_date, end: first.end_date };
    async function* items(): AsyncGenerator<StatementItem> {
      let page = first;
      let skip = 0;
      for (;;) {
        for (const item of page.items) {
          yield item;
          skip += 1;
          if (skip % PROGRESS_EVERY === 0) {
            ctx.events.emit({ type: 'export.progress', job_id: request.jobId, rows: skip });
          }
        }
        if (isLastPage(page, pageSize)) return;
        // Each page is a round trip: the screen's bar moves with every one, however short.
        if (skip % PROGRESS_EVERY !== 0) {
          ctx.events.emit({ type: 'export.progress', job_id: request.jobId, rows: skip });
        }
        if (request.signal.aborted) throw new DeskError('cancelled', 'the export was cancelled');
        page = await client.statement(walletId, { ...period, skip, take: pageSize });
      }
    }
    const written = await writeStatement(request.file, {
      wallet: { id: wallet.id, name: wallet.name, currency: wallet.currency },
      ...period,
      items: items(),
    });
    return { file: request.file, wallet: wallet.id, rows: written.rows, ...period };
  });
}
