// Payees saved without a payment (migration 006): created with their id at the service, edited
// while the service does not hold them yet, and told what a bulk import made of them.
import type { DraftBeneficiary, DraftIssue } from '../../../shared/domain/draft';
import type { Db } from './database';

export class StandaloneBeneficiaryRepository {
  private readonly sql;

  constructor(
    db: Db,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.sql = {
      insert: db.prepare(
        `INSERT INTO standalone_beneficiaries (id, body_json, name, issues_json, created_at, updated_at)
         VALUES (@id, @body, @name, @issues, @now, @now)`,
      ),
      // Changed details are not what the service was told: it is a draft again until sent.
      update: db.prepare(
        `UPDATE standalone_beneficiaries SET body_json = @body, name = @name, issues_json = @issues,
           sync_state = 'draft', error_json = NULL, updated_at = @now WHERE id = @id`,
      ),
      outcome: db.prepare(
        `UPDATE standalone_beneficiaries SET sync_state = @state, issues_json = @issues,
           error_json = @error, remote_status = coalesce(@remote, remote_status), updated_at = @now
         WHERE id = @id AND json(body_json) = json(@sent)`,
      ),
    };
  }

  create(id: string, body: DraftBeneficiary, name: string | null, issues: DraftIssue[]): void {
    this.sql.insert.run({
      id,
      body: JSON.stringify(body),
      name,
      issues: JSON.stringify(issues),
      now: this.now(),
    });
  }

  update(id: string, body: DraftBeneficiary, name: string | null, issues: DraftIssue[]): void {
    this.sql.update.run({
      id,
      body: JSON.stringify(body),
      name,
      issues: JSON.stringify(issues),
      now: this.now(),
    });
  }

  /**
   * What the service made of it: created (`synced`, not yet active) or refused with why, of its
   * body as `sent`. A payee edited since is left the draft the edit made it.
   */
  recordOutcome(
    id: string,
    outcome: {
      sent: string;
      state: 'synced' | 'invalid';
      issues: DraftIssue[];
      error?: unknown;
      active?: boolean | undefined;
    },
  ): void {
    this.sql.outcome.run({
      id,
      sent: outcome.sent,
      state: outcome.state,
      issues: JSON.stringify(outcome.issues),
      error: outcome.error === undefined ? null : JSON.stringify(outcome.error),
      remote: outcome.active === undefined ? null : outcome.active ? 'active' : 'inactive',
      now: this.now(),
    });
  }
}
