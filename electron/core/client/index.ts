// The Payments Service client: profiles, HTTPS with pinning, tokens, retries, typed calls.
export {
  PaymentsClient,
  type BeneficiaryImportOutcome,
  type ClientOptions,
  type Credentials,
} from './payments-client';
export { Profile, ProfileKind } from './profile';
export {
  NodeHttpsTransport,
  type HttpRequest,
  type HttpResponse,
  type HttpTransport,
} from './https-transport';
export { DEFAULT_RETRY_POLICY, type CallSafety, type RetryPolicy } from './retry-policy';
export { ServiceCallError, type FailureKind } from './service-error';
export { beneficiaryKeyIssue, beneficiaryKeyMessage } from './beneficiary-key';
export { REFRESH_MARGIN_MS, TokenCache, type TokenStore } from './token-cache';
