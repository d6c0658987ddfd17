// The desk: the core's one entry for every face (the CLI, the browser host, the Electron core
// process). Everything else in electron/core is reached through it.
export { createDesk, type Desk, type DeskOptions } from './create-desk';
export type { DeskListener } from './desk-events';
export type { SandboxStarter, StartedSandbox } from '../local-sandbox';
export { appDataDir } from '../data-dir';
