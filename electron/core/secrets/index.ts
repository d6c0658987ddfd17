// Credentials and cached tokens per profile, on the OS keychain.
export { KEYCHAIN_SERVICE, KeychainSecretStore, openSecretStore } from './keychain-store';
export { ProfileSecrets, type StoredCredentials, type StoredTokenSlot } from './profile-secrets';
export {
  KeychainUnavailableError,
  MemorySecretStore,
  type SecretName,
  type SecretStore,
} from './secret-store';
