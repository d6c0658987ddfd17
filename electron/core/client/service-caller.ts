// One call to the Payments Service: bearer token, timeout, retries with backoff, and the
// answer parsed with the spec's schema. Operations (payments-client.ts) only say what to send
// and what comes back.
import type { ZodType } from 'zod';
import { describeZodError } from '../../../shared/service';
import { describeCertificateFailure, isCertificateFailure } from './certificate-failure';
import { serviceUrl, type Profile } from './profile';
import type { HttpResponse, HttpTransport } from './https-transport';
import {
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  retryDelayMs,
  shouldRetry,
  type CallSafety,
  type RetryPolicy,
} from './retry-policy';
import { ServiceCallError } from './service-error';
import type { TokenCache } from './token-cache';

/** Failures where no connection was ever made: the request did not leave this machine. */
const NO_CONNECTION = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * What the system's code for a failed connection means, as a person checks it ("getaddrinfo
 * ENOTFOUND auth.example.invalid" said it to no one but a developer); undefined for others,
 * whose own message is kept.
 */
function networkFailure(code: string | undefined): string | undefined {
  switch (code) {
    case 'ENOTFOUND':
      return 'no computer has that name: check the address';
    case 'EAI_AGAIN':
      return 'the name could not be looked up: check the network connection';
    case 'ECONNREFUSED':
      return 'nothing answers at that address and port: check the address, or whether the service is running';
    case 'ECONNRESET':
      return 'the connection was cut off: try again';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the network cannot reach it: check the network connection';
    default:
      return undefined;
  }
}

export interface CallSpec<T> {
  /** What is being done, for error messages: "list groups", "submit payment chunk". */
  operation: string;
  method: string;
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  answer: ZodType<T>;
  safety: CallSafety;
  /** The token call itself goes to auth_url and carries no bearer token. */
  target?: 'service' | 'auth';
  /**
   * The spec's beneficiary-key rule governs this call (one that writes beneficiaries): a 403 is
   * that rule, even from a deployment that does not say why.
   */
  keyScoped?: boolean;
}

export interface CallerOptions {
  profile: Profile;
  transport: HttpTransport;
  tokens?: TokenCache;
  retry?: RetryPolicy;
  timeoutMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told each time the service refuses a call because the key is a beneficiary key. */
  onBeneficiaryKeyRefusal?: () => void;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export class ServiceCaller {
  private readonly retry: RetryPolicy;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  tokens: TokenCache | undefined;

  constructor(private readonly options: CallerOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
    this.tokens = options.tokens;
  }

  async call<T>(spec: CallSpec<T>): Promise<T> {
    return (await this.callWithStatus(spec)).data;
  }

  /** The answer with its status, for callers that tell 201 (created) from 200 (updated). */
  async callWithStatus<T>(spec: CallSpec<T>): Promise<{ status: number; data: T }> {
    let refreshedAfter401 = false;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.once(spec);
      } catch (caught) {
        const failure = caught as ServiceCallError & { token?: string };
        if (
          failure.kind === 'status' &&
          failure.status === 401 &&
          failure.token &&
          !refreshedAfter401
        ) {
          // The token expired or was revoked: one new token, one more try.
          this.tokens?.invalidate(failure.token);
          refreshedAfter401 = true;
          attempt -= 1;
          continue;
        }
        if (
          attempt >= this.retry.maxAttempts ||
          (failure as { retriedAlready?: boolean }).retriedAlready === true ||
          !shouldRetry(failure, spec.safety)
        ) {
          throw failure;
        }
        const waitMs = retryDelayMs(this.retry, attempt, failure.retryAfterSeconds, this.random);
        if (
          failure.retryAfterSeconds !== undefined &&
          failure.retryAfterSeconds * 1000 > this.retry.maxRetryAfterMs
        ) {
          throw failure;
        }
        await this.sleep(waitMs);
      }
    }
  }

  /**
   * The token for a call. Its own request has been retried as far as the policy goes when it
   * fails, so the call that needed it is not tried again on top (six tries of six would keep
   * an offline person waiting for minutes).
   */
  private async tokenForCall(): Promise<string | undefined> {
    try {
      return await this.tokens?.token();
    } catch (error) {
      throw Object.assign(error as Error, { retriedAlready: true });
    }
  }

  private async once<T>(spec: CallSpec<T>): Promise<{ status: number; data: T }> {
    const { profile, transport } = this.options;
    const base = spec.target === 'auth' ? profile.authUrl : profile.baseUrl;
    const url = serviceUrl(base, spec.path);
    spec.query?.forEach((value, key) => url.searchParams.append(key, value));
    const token = spec.target === 'auth' ? undefined : await this.tokenForCall();
    let response: HttpResponse;
    try {
      response = await transport.send({
        method: spec.method,
        url,
        headers: {
          accept: 'application/json',
          ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
        timeoutMs: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      });
    } catch (cause) {
      const code = (cause as { code?: string }).code;
      if (isCertificateFailure(code)) {
        throw new ServiceCallError(
          'tls',
          spec.operation,
          describeCertificateFailure(code, url.hostname, profile.caPem !== undefined),
          { cause },
        );
      }
      throw new ServiceCallError(
        'network',
        spec.operation,
        `no answer from ${url.host}: ${networkFailure(code) ?? (cause as Error).message}`,
        { cause, requestNeverLeft: NO_CONNECTION.has(code ?? '') },
      );
    }
    const body = parseJson(response.text);
    if (response.status < 200 || response.status > 299) {
      const described = describeFailure(response.status, body);
      const failure = new ServiceCallError('status', spec.operation, described, {
        status: response.status,
        body,
        profile: profile.name,
        beneficiaryKeyRefusal: response.status === 403 && spec.keyScoped === true,
        ...optional(
          'retryAfterSeconds',
          parseRetryAfter(response.headers['retry-after'], this.now()),
        ),
      });
      if (failure.beneficiaryKeyRefusal) this.options.onBeneficiaryKeyRefusal?.();
      throw Object.assign(failure, { token });
    }
    const parsed = spec.answer.safeParse(body);
    if (!parsed.success) {
      throw new ServiceCallError(
        'bad_answer',
        spec.operation,
        `the answer does not fit the Payments Service specification: ${describeZodError(parsed.error)}`,
        { status: response.status, body },
      );
    }
    return { status: response.status, data: parsed.data };
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describeFailure(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, description } = body as { error?: unknown; description?: unknown };
    const parts = [error, description].filter((part) => typeof part === 'string' && part !== '');
    if (parts.length > 0) return `${status} ${parts.join(': ')}`;
  }
  return `${status} ${typeof body === 'string' ? body.slice(0, 200) : 'without an error body'}`;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
