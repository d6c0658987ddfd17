// POST /payments/beneficiaries, PUT /payments/beneficiaries/{id}, GET|POST
// /payments/beneficiaries/validate, POST /payments/beneficiaries/import (the sandbox's
// addition) and GET /payments/beneficiaries/import/{job_id}.
// A beneficiary key (spec "Authentication" 6) may validate payloads and PUT its own record;
// any other id is refused with 403, as is every other call (the server refuses those).
import { randomUUID } from 'node:crypto';
import {
  BeneficiaryCreateBody,
  BeneficiaryImportRequest,
  BeneficiaryPutBody,
  BeneficiaryValidationRequest,
  type ValidationIssue,
} from '../../shared/service';
import { BeneficiaryImportJobs, saveBeneficiary } from '../engine/beneficiary-import';
import { validateBeneficiary } from '../engine/beneficiary-schemas';
import type { SandboxDeps, SandboxFeature } from '../feature';
import {
  assertBulkSize,
  badRequest,
  beneficiaryKeyRefusal,
  notFound,
  parseOr400,
} from '../http/errors';
import type { Handler } from '../http/router';
import { BeneficiaryRepository } from '../store/beneficiary-repository';

export function beneficiariesFeature(deps: SandboxDeps): SandboxFeature {
  const repository = new BeneficiaryRepository(deps.db);
  const activationDelayMs = deps.settings.activationDelaySeconds * 1000;
  const jobs = new BeneficiaryImportJobs(deps.db, deps.clock, activationDelayMs);

  const save = (
    id: string,
    body: BeneficiaryCreateBody | BeneficiaryPutBody,
    entityType: string,
  ) => {
    const now = deps.clock.now();
    const issues = saveBeneficiary(
      repository,
      {
        id,
        entityType,
        country: body.country,
        currency: body.currency,
        entity: body.entity,
        bankDetails: body.bank_details,
        tags: body.tags,
        userTags: body.user_tags,
      },
      now,
      activationDelayMs,
    );
    if (issues.length > 0) throw badRequest(`validation failed in body: ${describeIssues(issues)}`);
    return repository.get(id, now);
  };

  const validate: Handler = ({ body }) => {
    assertBulkSize(body, deps.settings.maxBulkItems);
    const { items } = parseOr400(BeneficiaryValidationRequest, body);
    const valid: Record<string, unknown>[] = [];
    const invalid: Record<string, unknown>[] = [];
    const schemas = new Set<string>();
    for (const item of items) {
      const verdict = validateBeneficiary(item);
      schemas.add(verdict.schema);
      const echoed = {
        ...item,
        currency: verdict.currency,
        country: verdict.country,
        entity_type: verdict.entity_type,
      };
      if (verdict.issues.length === 0) valid.push(echoed);
      else invalid.push({ ...echoed, issues: verdict.issues });
    }
    return {
      status: 200,
      body: {
        valid,
        invalid,
        totals: {
          valid: valid.length,
          invalid: invalid.length,
          count: items.length,
          schemas: schemas.size,
        },
      },
    };
  };

  return {
    routes: [
      // Validation reads and writes nothing: a beneficiary key may check its own new details.
      {
        method: 'POST',
        pattern: '/payments/beneficiaries/validate',
        handler: validate,
        beneficiaryKey: true,
      },
      {
        method: 'GET',
        pattern: '/payments/beneficiaries/validate',
        handler: validate,
        beneficiaryKey: true,
      },
      {
        method: 'POST',
        pattern: '/payments/beneficiaries',
        handler: ({ body }) => {
          const request = parseOr400(BeneficiaryCreateBody, body);
          const id = request.id ?? randomUUID();
          if (repository.exists(id)) {
            throw badRequest(
              `validation failed in body: id: beneficiary ${id} already exists; use PUT to change it`,
            );
          }
          return { status: 201, body: save(id, request, request.entity_type) };
        },
      },
      {
        method: 'PUT',
        pattern: '/payments/beneficiaries/{id}',
        beneficiaryKey: true,
        handler: ({ params, body, principal }) => {
          const id = params.id ?? '';
          // Refused before the body is read: whether it is valid is not this key's business.
          if (principal.kind === 'beneficiary' && principal.beneficiaryId !== id) {
            throw beneficiaryKeyRefusal(principal.beneficiaryId, `updating beneficiary ${id}`);
          }
          const request = parseOr400(BeneficiaryPutBody, body);
          // Two different ids leave it open which record is meant: refuse rather than guess.
          if (request.id !== undefined && request.id !== id) {
            throw badRequest(
              `validation failed in body: id: ${request.id} differs from the id in the path, ${id}`,
            );
          }
          return { status: 200, body: save(id, request, request.type) };
        },
      },
      {
        method: 'POST',
        pattern: '/payments/beneficiaries/import',
        handler: ({ body }) => {
          assertBulkSize(body, deps.settings.maxBulkItems);
          const job = jobs.submit(parseOr400(BeneficiaryImportRequest, body).items);
          deps.kick();
          return { status: 202, body: job };
        },
      },
      {
        method: 'GET',
        pattern: '/payments/beneficiaries/import/{job_id}',
        handler: ({ params }) => {
          const job = jobs.get(params.job_id ?? '');
          if (!job) throw notFound(`beneficiary import job ${params.job_id} does not exist`);
          return { status: 200, body: job };
        },
      },
    ],
    pump: (maxItems) => jobs.pump(maxItems),
  };
}

function describeIssues(issues: ValidationIssue[]): string {
  return issues.map((issue) => `${issue.field.replace(/^\$\.?/, '')}: ${issue.message}`).join('; ');
}
