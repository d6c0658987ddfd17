// GET /payments/wallets/?id=<wallet_id> (details) and GET /payments/wallets/{id}/statement.
import { amountToNumber } from '../../shared/domain/money';
import { describeZodError, statementQueryFromSearchParams } from '../../shared/service';
import type { SandboxDeps, SandboxFeature } from '../feature';
import { badRequest, notFound } from '../http/errors';
import { StatementRepository } from '../store/statement-repository';

/** Statement defaults (DESIGN.md): start 30 days before now, end now. */
const DEFAULT_STATEMENT_DAYS = 30;

interface WalletRow {
  id: string;
  name: string;
  currency: string;
  owner: string;
  state: string;
  balance_milli: number;
  funding_json: string;
  user_tags_json: string;
}

export function walletsFeature(deps: SandboxDeps): SandboxFeature {
  const walletById = deps.db.prepare('SELECT * FROM wallets WHERE id = ?');
  const statements = new StatementRepository(deps.db);
  const findWallet = (id: string) => {
    const row = walletById.get(id) as WalletRow | undefined;
    if (!row) throw notFound(`wallet ${id} does not exist`);
    return row;
  };

  return {
    routes: [
      {
        method: 'GET',
        pattern: '/payments/wallets',
        handler: ({ query }) => {
          const id = query.get('id');
          if (!id) throw badRequest('validation failed in query: id: required (the wallet id)');
          const row = findWallet(id);
          return {
            status: 200,
            body: {
              id: row.id,
              type: 'wallet',
              name: row.name,
              currency: row.currency,
              owner: row.owner,
              funding: JSON.parse(row.funding_json),
              balance: amountToNumber(BigInt(row.balance_milli)),
              user_tags: JSON.parse(row.user_tags_json),
              state: row.state,
            },
          };
        },
      },
      {
        method: 'GET',
        pattern: '/payments/wallets/{id}/statement',
        handler: ({ params, query }) => {
          const parsed = statementQueryFromSearchParams(query);
          if (!parsed.success) {
            throw badRequest(`validation failed in query: ${describeZodError(parsed.error)}`);
          }
          const wallet = findWallet(params.id ?? '');
          const now = deps.clock.now();
          const end = parsed.data.end ? Date.parse(parsed.data.end) : now;
          const start = parsed.data.start
            ? Date.parse(parsed.data.start)
            : end - DEFAULT_STATEMENT_DAYS * 86_400_000;
          if (start > end)
            throw badRequest('validation failed in query: start: must not be after end');
          const skip = parsed.data.skip ?? 0;
          const take = Math.min(parsed.data.take ?? 50, deps.settings.maxTake);
          return {
            status: 200,
            body: {
              type: 'wallet',
              id: wallet.id,
              start_date: new Date(start).toISOString(),
              end_date: new Date(end).toISOString(),
              items: statements.page(wallet.id, start, end, skip, take),
              paging: { skip, take },
            },
          };
        },
      },
    ],
  };
}
