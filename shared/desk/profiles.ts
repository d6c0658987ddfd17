// Profiles through the contract: where the service is (the Local sandbox, a sandbox, production)
// and, write-only, its credentials. Nothing here ever answers a credential or a token back.
import { z } from 'zod';
import { Timestamp } from './common';

export const ProfileKind = z.enum(['local', 'sandbox', 'production']);
export type ProfileKind = z.infer<typeof ProfileKind>;

/** The name of the profile that needs no set-up: the sandbox started on this machine. */
export const LOCAL_PROFILE = 'Local sandbox';

/**
 * An https:// address: credentials never cross the network unencrypted. Told by its text (no
 * URL parser here: this runs where only the language's own library is).
 */
export const HttpsUrl = z.string().superRefine((value, ctx) => {
  if (/^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(value)) return;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1];
  ctx.addIssue({
    code: 'custom',
    message:
      scheme && scheme.toLowerCase() !== 'https'
        ? `must use https:// — the Payments Service refuses plain HTTP, and credentials must never cross the network unencrypted (got ${scheme}://)`
        : `${value} is not an address such as https://payments.example.com`,
  });
});

export const ProfileName = z
  .string()
  .trim()
  .min(1, 'a profile needs a name')
  .max(100)
  // eslint-disable-next-line no-control-regex -- a name is one line
  .refine((name) => !/[\u0000-\u001f\u007f/]/.test(name), 'a profile name is one line, without /');

export const CredentialState = z.enum(['saved', 'in_memory', 'missing', 'not_needed']);

/**
 * What the profile's key may do, as the service showed it: `account`, everything the account
 * may; `beneficiary`, a beneficiary key, which may update only its own beneficiary record.
 */
export const KeyKind = z.enum(['account', 'beneficiary']);
export type KeyKind = z.infer<typeof KeyKind>;

export const ProfileInfo = z.object({
  name: z.string(),
  kind: ProfileKind,
  /** Null for the Local sandbox until it is started. */
  base_url: z.string().nullable(),
  auth_url: z.string().nullable(),
  ca_path: z.string().nullable(),
  credentials: CredentialState,
  /** Null until a connection test or a refusal showed it; forgotten when the credentials change. */
  key_kind: KeyKind.nullable(),
  /** When the cached token expires; null when there is none. */
  token_valid_until: Timestamp.nullable(),
  active: z.boolean(),
});
export type ProfileInfo = z.infer<typeof ProfileInfo>;

export const ProfileList = z.object({
  profiles: z.array(ProfileInfo),
  /** Where credentials are kept; `unavailable`: no OS keychain, so only for this run. */
  secret_store: z.enum(['keychain', 'memory', 'unavailable']),
});

const Credentials = {
  api_key: z.string().min(1).max(1000),
  client_secret: z.string().min(1).max(1000),
};

/**
 * A certificate as PEM text, as a window reads a picked file: a browser cannot give a path that
 * outlives its upload, so the desk keeps the text in the data folder itself. Public, not secret.
 */
export const CertificatePem = z
  .string()
  .max(65_536, 'a certificate file is at most 64 KB')
  .refine(
    (pem) => pem.includes('-----BEGIN CERTIFICATE-----'),
    'this file holds no certificate: choose a PEM file (-----BEGIN CERTIFICATE-----)',
  );

export const AddProfileInput = z
  .object({
    name: ProfileName,
    kind: z.enum(['sandbox', 'production']),
    base_url: HttpsUrl,
    auth_url: HttpsUrl,
    /** A PEM file of the one certificate to trust, for a private deployment. */
    ca_path: z.string().min(1).max(4096).optional(),
    /** The same certificate given as its text instead of a path. */
    ca_pem: CertificatePem.optional(),
    credentials: z.object(Credentials).optional(),
    /** Where no keychain exists: keep the credentials in memory for this run only. */
    keep_in_memory: z.boolean().default(false),
    /**
     * Save over a profile of this name. Without it a name taken is refused: the Settings form
     * replaced a Production profile unasked. Replaced at another address without credentials
     * given, the profile's saved credentials are removed, never sent to the new address.
     */
    replace: z.boolean().default(false),
  })
  .refine((input) => !(input.ca_path && input.ca_pem), {
    message: 'give the certificate as a path or as its text, not both',
    path: ['ca_pem'],
  });

export const ProfileNameInput = z.object({ name: z.string().min(1).max(100) });
export const OptionalProfileInput = z.object({ name: z.string().min(1).max(100).optional() });

export const SetCredentialsInput = z.object({
  name: z.string().min(1).max(100),
  ...Credentials,
  /** Where no keychain exists: keep them in memory for this run only, never on disk. */
  keep_in_memory: z.boolean().default(false),
});
export const CredentialsSaved = z.object({ stored_in: z.enum(['keychain', 'memory']) });
export const CredentialsRemoved = z.object({ profile: z.string() });

export const ConnectionTested = z.object({
  profile: z.string(),
  base_url: z.string(),
  token_valid_until: Timestamp,
  /** Payment groups the credentials can see (the first page's count); null: a beneficiary key, which may read none. */
  groups: z.int().nullable(),
  key_kind: KeyKind.nullable(),
  checked_at: Timestamp,
});

export const RemovedProfile = z.object({ removed: z.string() });

export const RunningJob = z.object({
  job_id: z.string(),
  kind: z.enum([
    'import',
    'inspect',
    'sync',
    'validate',
    'approve_at_service',
    'export',
    'reconcile',
    'search',
    'beneficiary_import',
    'delete_batch',
    'delete_drafts',
    'bulk_edit',
    'undo',
  ]),
  batch_id: z.string().nullable(),
  started_at: Timestamp,
});

export const DeskStatus = z.object({
  profile: z.object({ name: z.string(), kind: ProfileKind }),
  /** Null until the service was tried. */
  online: z.boolean().nullable(),
  last_contact_at: Timestamp.nullable(),
  last_error: z.string().nullable(),
  token_valid_until: Timestamp.nullable(),
  jobs: z.array(RunningJob),
});
