// The Payments Service, one typed method per operation of the spec. Bodies are built from the
// spec's schemas and every answer is parsed with them. Where a deployment lacks a call the
// sandbox serves (DESIGN.md decision table), the method falls back as decided there.
import {
  Beneficiary,
  BeneficiaryImportJob,
  DeleteGroupResponse,
  GroupList,
  groupListQueryToSearchParams,
  Payment,
  PaymentImportJob,
  statementQueryToSearchParams,
  Token,
  ValidationResult,
  Wallet,
  WalletStatement,
  type BeneficiaryCreateBody,
  type BeneficiaryImportItem,
  type BeneficiaryPutBody,
  type BeneficiaryValidationItem,
  type GroupListQuery,
  type PaymentBody,
  type PaymentImportItem,
  type StatementQuery,
} from '../../../shared/service';
import { NodeHttpsTransport, type HttpTransport } from './https-transport';
import { Profile } from './profile';
import type { RetryPolicy } from './retry-policy';
import { ServiceCaller } from './service-caller';
import { ServiceCallError } from './service-error';
import { TokenCache, type TokenStore } from './token-cache';

export interface Credentials {
  apiKey: string;
  clientSecret: string;
}

export interface ClientOptions {
  profile: Profile;
  credentials: Credentials;
  transport?: HttpTransport;
  tokenStore?: TokenStore;
  retry?: RetryPolicy;
  timeoutMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told each time the service refuses a call because the key is a beneficiary key. */
  onBeneficiaryKeyRefusal?: () => void;
}

/** The outcome of a bulk beneficiary import: a job, or per-item PUTs where no import call exists. */
export type BeneficiaryImportOutcome =
  | { kind: 'job'; job: BeneficiaryImportJob }
  | {
      kind: 'per_item';
      results: { id: string; beneficiary?: Beneficiary; error?: ServiceCallError }[];
    };

export class PaymentsClient {
  private readonly caller: ServiceCaller;
  private readonly transport: HttpTransport;

  constructor(options: ClientOptions) {
    const checked = Profile.safeParse(options.profile);
    if (!checked.success) {
      throw new ServiceCallError(
        'refused',
        `profile ${options.profile.name}`,
        checked.error.issues.map((i) => i.message).join('; '),
      );
    }
    this.transport = options.transport ?? new NodeHttpsTransport(options.profile.caPem);
    this.caller = new ServiceCaller({
      profile: checked.data,
      transport: this.transport,
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.sleep ? { sleep: options.sleep } : {}),
      ...(options.onBeneficiaryKeyRefusal
        ? { onBeneficiaryKeyRefusal: options.onBeneficiaryKeyRefusal }
        : {}),
    });
    this.caller.tokens = new TokenCache(
      () => this.issueToken(options.credentials),
      options.now ?? Date.now,
      options.tokenStore,
    );
  }

  /** When the token this client holds expires; undefined before it has one. */
  tokenValidUntil(): string | undefined {
    return this.caller.tokens?.validUntil();
  }

  issueToken(credentials: Credentials, tokenName?: string): Promise<Token> {
    return this.caller.call({
      operation: 'get a token',
      method: 'POST',
      path: '/token',
      target: 'auth',
      body: {
        api_key: credentials.apiKey,
        client_secret: credentials.clientSecret,
        ...(tokenName ? { token_name: tokenName } : {}),
      },
      answer: Token,
      safety: 'idempotent',
    });
  }

  /** Creates the payment with this id, or updates it while it is still pending. */
  async putPayment(id: string, body: PaymentBody): Promise<Payment> {
    return (await this.putPaymentWithStatus(id, body)).data;
  }

  /** As putPayment, with the status: 201 created, 200 updated (any 2xx is accepted). */
  putPaymentWithStatus(id: string, body: PaymentBody): Promise<{ status: number; data: Payment }> {
    return this.caller.callWithStatus({
      operation: `put payment ${id}`,
      method: 'PUT',
      path: `/payments/payments/${encodeURIComponent(id)}`,
      body,
      answer: Payment,
      safety: 'idempotent',
    });
  }

  /** Not repeated on an ambiguous failure: the sync engine recovers a chunk by PUT per item. */
  importPayments(items: PaymentImportItem[]): Promise<PaymentImportJob> {
    return this.caller.call({
      operation: `submit ${items.length} payment${items.length === 1 ? '' : 's'}`,
      method: 'POST',
      path: '/payments/payments/import',
      body: { items },
      answer: PaymentImportJob,
      safety: 'unsafe',
    });
  }

  /** The sandbox's job status call; `isMissingCall` on the error where a deployment lacks it. */
  paymentImportJob(jobId: string): Promise<PaymentImportJob> {
    return this.caller.call({
      operation: `read payment import job ${jobId}`,
      method: 'GET',
      path: `/payments/payments/import/${encodeURIComponent(jobId)}`,
      answer: PaymentImportJob,
      safety: 'idempotent',
    });
  }

  /** POST, as the spec's example does; GET with the same body where only GET is accepted. */
  async validateBeneficiaries(items: BeneficiaryValidationItem[]): Promise<ValidationResult> {
    const call = (method: string) =>
      this.caller.call({
        operation: `validate ${items.length} beneficiaries`,
        method,
        path: '/payments/beneficiaries/validate',
        body: { items },
        answer: ValidationResult,
        safety: 'idempotent',
      });
    try {
      return await call('POST');
    } catch (error) {
      if (error instanceof ServiceCallError && error.status === 405) return call('GET');
      throw error;
    }
  }

  createBeneficiary(body: BeneficiaryCreateBody): Promise<Beneficiary> {
    return this.caller.call({
      operation: 'create a beneficiary',
      method: 'POST',
      path: '/payments/beneficiaries',
      body,
      answer: Beneficiary,
      safety: 'unsafe',
      keyScoped: true,
    });
  }

  /** A beneficiary key may PUT only its own record: another id is refused (`beneficiaryKeyRefusal`). */
  putBeneficiary(id: string, body: BeneficiaryPutBody): Promise<Beneficiary> {
    return this.caller.call({
      operation: `put beneficiary ${id}`,
      method: 'PUT',
      path: `/payments/beneficiaries/${encodeURIComponent(id)}`,
      body,
      answer: Beneficiary,
      safety: 'idempotent',
      keyScoped: true,
    });
  }

  /** A bulk import job where the deployment has one, else one PUT per item (DESIGN.md). */
  async importBeneficiaries(items: BeneficiaryImportItem[]): Promise<BeneficiaryImportOutcome> {
    try {
      const job = await this.caller.call({
        operation: `submit ${items.length} beneficiaries`,
        method: 'POST',
        path: '/payments/beneficiaries/import',
        body: { items },
        answer: BeneficiaryImportJob,
        safety: 'unsafe',
        keyScoped: true,
      });
      return { kind: 'job', job };
    } catch (error) {
      if (!(error instanceof ServiceCallError && error.isMissingCall)) throw error;
    }
    const results: { id: string; beneficiary?: Beneficiary; error?: ServiceCallError }[] = [];
    for (const { id, ...body } of items) {
      try {
        results.push({ id, beneficiary: await this.putBeneficiary(id, body) });
      } catch (error) {
        if (!(error instanceof ServiceCallError) || error.kind !== 'status') throw error;
        results.push({ id, error });
      }
    }
    return { kind: 'per_item', results };
  }

  beneficiaryImportJob(jobId: string): Promise<BeneficiaryImportJob> {
    return this.caller.call({
      operation: `read beneficiary import job ${jobId}`,
      method: 'GET',
      path: `/payments/beneficiaries/import/${encodeURIComponent(jobId)}`,
      answer: BeneficiaryImportJob,
      safety: 'idempotent',
    });
  }

  listGroups(query: GroupListQuery = {}): Promise<GroupList> {
    return this.caller.call({
      operation: 'list payment groups',
      method: 'GET',
      path: '/payments/groups',
      query: new URLSearchParams(groupListQueryToSearchParams(query)),
      answer: GroupList,
      safety: 'idempotent',
    });
  }

  deleteGroup(id: string, clear = false): Promise<DeleteGroupResponse> {
    return this.caller.call({
      operation: `delete group ${id}`,
      method: 'DELETE',
      path: `/payments/groups/${encodeURIComponent(id)}`,
      query: new URLSearchParams(clear ? { clear: 'true' } : {}),
      answer: DeleteGroupResponse,
      safety: 'idempotent',
    });
  }

  wallet(id: string): Promise<Wallet> {
    return this.caller.call({
      operation: `read wallet ${id}`,
      method: 'GET',
      path: '/payments/wallets/',
      query: new URLSearchParams({ id }),
      answer: Wallet,
      safety: 'idempotent',
    });
  }

  statement(walletId: string, query: StatementQuery = {}): Promise<WalletStatement> {
    return this.caller.call({
      operation: `read the statement of wallet ${walletId}`,
      method: 'GET',
      path: `/payments/wallets/${encodeURIComponent(walletId)}/statement`,
      query: new URLSearchParams(statementQueryToSearchParams(query)),
      answer: WalletStatement,
      safety: 'idempotent',
    });
  }

  close(): void {
    this.transport.close();
  }
}
