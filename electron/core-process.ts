// The core's own process under Electron (a utilityProcess): the desk over the MessagePort that
// main hands over first. Only wiring; the loop is shell/core-service.ts. No 'electron' import:
// a utility process has `process.parentPort`, which is all this needs.
import { appDataDir, createDesk, type SandboxStarter } from './core/desk';
import type { CorePort } from './shell/core-protocol';
import { serveDesk } from './shell/core-service';

interface ParentPort {
  once(event: 'message', listener: (message: { data: unknown; ports: CorePort[] }) => void): void;
}

const parentPort = (process as NodeJS.Process & { parentPort?: ParentPort }).parentPort;
if (!parentPort) throw new Error('core-process runs as an Electron utility process');

// The sandbox's code loads once the Local sandbox is first used: the window opens sooner.
const startSandbox: SandboxStarter = async (options) =>
  (await import('./sandbox-starter')).startBuiltInSandbox(options);

parentPort.once('message', ({ ports }) => {
  const [port] = ports;
  if (!port) throw new Error('main sent the core no port');
  const desk = createDesk({ dataDir: appDataDir(), startSandbox });
  void serveDesk(port, desk).then(() => process.exit(0));
});
