// Admin calls under /_sandbox for tests and demos (bearer token required, faults never apply):
// move the clock, create groups, issue beneficiary keys, switch faults, reseed, stop.
// GET /_sandbox/payments belongs to the payments part, which knows how a payment is shaped.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TokenAuthority } from '../auth';
import type { SandboxDeps, SandboxFeature } from '../feature';
import { FaultSettings, type Faults } from '../http/faults';
import { badRequest, parseOr400 } from '../http/errors';
import { GroupRepository } from '../store/group-repository';

export const ADMIN_PATH_PREFIX = '/_sandbox';

const ClockRequest = z.strictObject({
  advance_seconds: z
    .number()
    .min(0)
    .max(10 * 365 * 86_400),
});
const CreateGroupRequest = z.strictObject({
  name: z.string().min(1).max(200),
  wallet_id: z.string().min(1),
  locked: z.boolean().optional(),
  description: z.string().max(1000).optional(),
  user_tags: z.record(z.string(), z.string()).optional(),
});

const BeneficiaryKeyRequest = z.strictObject({ beneficiary_id: z.string().min(1).max(200) });

export interface AdminParts {
  faults: Faults;
  authority: TokenAuthority;
  /** Runs queued jobs, moves the clock, then applies what became due. */
  advanceClock: (seconds: number) => number;
  reset: () => void;
  /** Stops the whole sandbox: listener, every connection, work and database. */
  stop: () => void;
}

export function adminFeature(deps: SandboxDeps, parts: AdminParts): SandboxFeature {
  const groups = new GroupRepository(deps.db, () => deps.clock.now());
  const walletExists = deps.db.prepare('SELECT 1 FROM wallets WHERE id = ?');
  const beneficiaryExists = deps.db.prepare('SELECT 1 FROM beneficiaries WHERE id = ?');
  const clockBody = (now: number) => ({ now: new Date(now).toISOString() });

  return {
    routes: [
      {
        method: 'GET',
        pattern: `${ADMIN_PATH_PREFIX}/clock`,
        handler: () => ({ status: 200, body: clockBody(deps.clock.now()) }),
      },
      {
        method: 'POST',
        pattern: `${ADMIN_PATH_PREFIX}/clock`,
        handler: ({ body }) => {
          const request = parseOr400(ClockRequest, body);
          return { status: 200, body: clockBody(parts.advanceClock(request.advance_seconds)) };
        },
      },
      {
        method: 'POST',
        pattern: `${ADMIN_PATH_PREFIX}/groups`,
        handler: ({ body }) => {
          const request = parseOr400(CreateGroupRequest, body);
          if (!walletExists.get(request.wallet_id)) {
            throw badRequest(
              `validation failed in body: wallet_id: wallet ${request.wallet_id} does not exist`,
            );
          }
          const id = randomUUID();
          groups.insert({
            id,
            name: request.name,
            description: request.description,
            locked: request.locked,
            walletId: request.wallet_id,
            userTags: request.user_tags,
          });
          return { status: 201, body: groups.get(id) };
        },
      },
      {
        method: 'POST',
        pattern: `${ADMIN_PATH_PREFIX}/beneficiary-keys`,
        handler: ({ body }) => {
          const request = parseOr400(BeneficiaryKeyRequest, body);
          // A key speaks for a record that is there: the service issues one to its beneficiary.
          if (!beneficiaryExists.get(request.beneficiary_id)) {
            throw badRequest(
              `validation failed in body: beneficiary_id: beneficiary ${request.beneficiary_id} does not exist`,
            );
          }
          return { status: 201, body: parts.authority.issueBeneficiaryKey(request.beneficiary_id) };
        },
      },
      {
        method: 'GET',
        pattern: `${ADMIN_PATH_PREFIX}/faults`,
        handler: () => ({ status: 200, body: parts.faults.current }),
      },
      {
        method: 'POST',
        pattern: `${ADMIN_PATH_PREFIX}/faults`,
        handler: ({ body }) => {
          parts.faults.configure(parseOr400(FaultSettings, body ?? {}));
          return { status: 200, body: parts.faults.current };
        },
      },
      {
        method: 'POST',
        pattern: `${ADMIN_PATH_PREFIX}/reset`,
        handler: () => {
          parts.reset();
          return { status: 200, body: { reset: true, ...clockBody(deps.clock.now()) } };
        },
      },
      {
        // The service going down, for real: the caller gets its answer, then the port refuses
        // connections and every open one is cut, as a client meets an outage (unlike the
        // drop faults, which still accept the connection).
        method: 'POST',
        pattern: `${ADMIN_PATH_PREFIX}/stop`,
        handler: () => ({
          status: 200,
          body: { stopping: true },
          headers: { Connection: 'close' },
          afterSent: parts.stop,
        }),
      },
    ],
  };
}
