// PUT /payments/payments/{id}, POST /payments/payments/import, GET /payments/payments/import/{job_id}
// (the sandbox's addition, DESIGN.md), and the admin listing GET /_sandbox/payments.
import { PaymentBody, PaymentImportRequest } from '../../shared/service';
import { isRefusal, PaymentIntake } from '../engine/payment-intake';
import { PaymentImportJobs } from '../engine/payment-import';
import { PaymentLifecycle } from '../engine/payment-lifecycle';
import type { SandboxDeps, SandboxFeature } from '../feature';
import { assertBulkSize, badRequest, notFound, parseOr400, ServiceError } from '../http/errors';
import { PaymentRepository, toPayment } from '../store/payment-repository';

export function paymentsFeature(deps: SandboxDeps): SandboxFeature {
  const payments = new PaymentRepository(deps.db);
  const jobs = new PaymentImportJobs(deps.db, deps.clock);
  const lifecycle = new PaymentLifecycle(
    deps.db,
    deps.clock,
    deps.settings.processingSeconds * 1000,
  );

  const put = deps.db.transaction((id: string, body: PaymentBody) => {
    const existing = payments.get(id);
    if (existing && existing.status !== 'PENDING') {
      throw new ServiceError(
        409,
        'conflict',
        `payment ${id} is ${existing.status} and can no longer be changed`,
      );
    }
    // A PUT without a correlation_id keeps the one the payment was imported with.
    const correlationId = body.correlation_id ?? existing?.correlation_id ?? null;
    if (correlationId !== null && correlationId !== existing?.correlation_id) {
      if (jobs.correlationTaken(correlationId, id)) {
        throw badRequest(
          `validation failed in body: correlation_id: ${correlationId} is already used`,
        );
      }
    }
    const checked = new PaymentIntake(deps.db).check(
      id,
      correlationId,
      body,
      !existing,
      deps.clock.now(),
    );
    if (isRefusal(checked))
      throw new ServiceError(checked.status, checked.error, checked.description);
    if (existing) payments.update(checked);
    else payments.insert(checked);
    return { status: existing ? 200 : 201, body: toPayment(payments.get(id)!) };
  });

  return {
    routes: [
      {
        method: 'PUT',
        pattern: '/payments/payments/{id}',
        handler: ({ params, body }) => put(params.id ?? '', parseOr400(PaymentBody, body)),
      },
      {
        method: 'POST',
        pattern: '/payments/payments/import',
        handler: ({ body }) => {
          assertBulkSize(body, deps.settings.maxBulkItems);
          const request = parseOr400(PaymentImportRequest, body);
          const taken = jobs.firstTakenCorrelation(request.items);
          if (taken >= 0) {
            throw badRequest(
              `validation failed in body: items[${taken}].correlation_id: ${request.items[taken]?.correlation_id} is not unique`,
            );
          }
          const job = jobs.submit(request.items);
          deps.kick();
          return { status: 202, body: job };
        },
      },
      {
        method: 'GET',
        pattern: '/payments/payments/import/{job_id}',
        handler: ({ params }) => {
          // Not in the spec (DESIGN.md): `importJobCall: false` plays a deployment without it.
          if (!deps.settings.importJobCall) throw notFound('no such call');
          const job = jobs.get(params.job_id ?? '');
          if (!job) throw notFound(`payment import job ${params.job_id} does not exist`);
          return { status: 200, body: job };
        },
      },
      {
        method: 'GET',
        pattern: '/_sandbox/payments',
        handler: ({ query }) => {
          const skip = Number(query.get('skip') ?? 0);
          if (!Number.isInteger(skip) || skip < 0) {
            throw badRequest('skip must be a whole number, 0 or more');
          }
          const { rows, more } = payments.list({
            id: query.get('id'),
            group: query.get('group'),
            correlationId: query.get('correlation_id'),
            skip,
          });
          return {
            status: 200,
            body: {
              // Cut at ADMIN_LIST_LIMIT: said, so that a count is never taken for all of them.
              more,
              // A payment made by PUT alone has no correlation_id: absent, as the spec shapes it.
              items: rows.map((row) => ({
                ...toPayment(row),
                ...(row.correlation_id === null ? {} : { correlation_id: row.correlation_id }),
              })),
            },
          };
        },
      },
    ],
    pump: (maxItems) => jobs.pump(maxItems),
    runDue: () => lifecycle.run(),
  };
}
