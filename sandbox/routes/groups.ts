// GET /payments/groups (filters, paging) and DELETE /payments/groups/{id}[?clear=true],
// following the spec's removal table.
import { groupListQueryFromSearchParams } from '../../shared/service';
import type { SandboxDeps, SandboxFeature } from '../feature';
import { badRequest, notFound } from '../http/errors';
import { describeZodError } from '../../shared/service';
import { GroupRepository } from '../store/group-repository';

/** States in which a payment has been executed (or tried): its group can no longer go. */
const EXECUTED = ['PROCESSING', 'COMPLETED', 'FAILED', 'PARTIAL', 'PROCESSED'];

export function groupsFeature(deps: SandboxDeps): SandboxFeature {
  const groups = new GroupRepository(deps.db, () => deps.clock.now());
  const paymentsOf = deps.db.prepare(
    'SELECT id, status FROM payments WHERE group_id = ? ORDER BY id',
  );
  const deletePayments = deps.db.prepare('DELETE FROM payments WHERE group_id = ?');
  const deleteGroup = deps.db.prepare('DELETE FROM groups WHERE id = ?');

  const remove = deps.db.transaction((id: string, clear: boolean) => {
    const payments = paymentsOf.all(id) as { id: string; status: string }[];
    const refused = { group: { id, result: false }, payments: [] };
    if (payments.some((payment) => EXECUTED.includes(payment.status))) return refused;
    if (payments.length > 0 && !clear) return refused;
    deletePayments.run(id);
    deleteGroup.run(id);
    return {
      group: { id, result: true },
      payments: payments.map((payment) => ({ type: 'payment', id: payment.id })),
    };
  });

  return {
    routes: [
      {
        method: 'GET',
        pattern: '/payments/groups',
        handler: ({ query }) => {
          const parsed = groupListQueryFromSearchParams(query);
          if (!parsed.success) {
            throw badRequest(`validation failed in query: ${describeZodError(parsed.error)}`);
          }
          const take = Math.min(parsed.data.take ?? 50, deps.settings.maxTake);
          const items = groups.list({ ...parsed.data, take });
          return { status: 200, body: { items, paging: { skip: parsed.data.skip ?? 0, take } } };
        },
      },
      {
        method: 'DELETE',
        pattern: '/payments/groups/{id}',
        handler: ({ params, query }) => {
          const id = params.id ?? '';
          const clear = query.get('clear');
          if (clear !== null && clear !== 'true' && clear !== 'false') {
            throw badRequest(`validation failed in query: clear: must be true or false`);
          }
          if (!groups.get(id)) throw notFound(`group ${id} does not exist`, true);
          return { status: 200, body: remove(id, clear === 'true') };
        },
      },
    ],
  };
}

export { GroupRepository };
