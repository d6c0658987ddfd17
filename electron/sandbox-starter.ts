// The Local sandbox, as every face hands it to the desk: the Payments Service sandbox started in
// this process with its demo credentials. The core never imports the sandbox (they meet only
// over HTTPS); a face, being a composition root, does.
import { DEMO_CREDENTIALS, startSandbox } from '../sandbox/sandbox';
import type { SandboxStarter } from './core/desk';

export const startBuiltInSandbox: SandboxStarter = async (options) => {
  const sandbox = await startSandbox(options);
  return {
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    ca: sandbox.ca,
    credentials: DEMO_CREDENTIALS,
    close: () => sandbox.close(),
  };
};
