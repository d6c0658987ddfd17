// The add-profile form's state: each field checked as it is typed with the contract's own
// schemas (the desk checks them again), the certificate read from its file as text, and the
// credentials dropped from memory once sent: they are never shown again.
import {
  CertificatePem,
  HttpsUrl,
  ProfileName,
  type DeskInput,
  type PickedFile,
} from '../../../../shared/desk';

type FieldSchema = typeof HttpsUrl | typeof ProfileName | typeof CertificatePem;

const problemOf = (schema: FieldSchema, value: string): string | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'not valid');
};

export class AddProfileForm {
  name = $state('');
  kind = $state<'sandbox' | 'production'>('sandbox');
  baseUrl = $state('');
  authUrl = $state('');
  apiKey = $state('');
  clientSecret = $state('');
  certificate = $state<{ name: string; pem: string } | null>(null);
  certificateError = $state<string | null>(null);

  /** Problems once something is typed; an empty field is flagged only on submit. */
  readonly nameError = $derived(this.name ? problemOf(ProfileName, this.name) : null);
  readonly baseUrlError = $derived(this.baseUrl ? problemOf(HttpsUrl, this.baseUrl) : null);
  readonly authUrlError = $derived(this.authUrl ? problemOf(HttpsUrl, this.authUrl) : null);
  readonly credentialsError = $derived(
    Boolean(this.apiKey) !== Boolean(this.clientSecret)
      ? 'give both the API key and the client secret, or neither for now'
      : null,
  );
  readonly complete = $derived(
    Boolean(this.name && this.baseUrl && this.authUrl) &&
      !this.nameError &&
      !this.baseUrlError &&
      !this.authUrlError &&
      !this.credentialsError &&
      !this.certificateError,
  );

  async pickCertificate(file: PickedFile | null): Promise<void> {
    this.certificate = null;
    this.certificateError = null;
    if (!file) return;
    const pem = await (file as unknown as Blob).text();
    const problem = problemOf(CertificatePem, pem);
    if (problem) this.certificateError = problem;
    else this.certificate = { name: file.name, pem };
  }

  /** The desk's input; once it is taken, `forgetCredentials` drops them from this form. */
  input(keepInMemory: boolean): DeskInput<'addProfile'> {
    const input: DeskInput<'addProfile'> = {
      name: this.name.trim(),
      kind: this.kind,
      base_url: this.baseUrl.trim(),
      auth_url: this.authUrl.trim(),
      ...(this.certificate ? { ca_pem: this.certificate.pem } : {}),
      ...(this.apiKey && this.clientSecret
        ? { credentials: { api_key: this.apiKey, client_secret: this.clientSecret } }
        : {}),
      keep_in_memory: keepInMemory,
    };
    return input;
  }

  forgetCredentials(): void {
    this.apiKey = '';
    this.clientSecret = '';
  }

  reset(): void {
    this.forgetCredentials();
    this.name = '';
    this.kind = 'sandbox';
    this.baseUrl = '';
    this.authUrl = '';
    this.certificate = null;
    this.certificateError = null;
  }
}
