// electron-builder's afterPack hook: flips the packaged Electron binary's fuses before it is
// signed, closing the ways to run it as something other than Payout Desk (Electron's security
// checklist: "Check which fuses you can change"):
//   RunAsNode off                    ELECTRON_RUN_AS_NODE cannot turn the app into plain Node
//   NODE_OPTIONS off, --inspect off  no code injected through the environment or a debugger
//   asar integrity on, app only from the asar   the packaged JavaScript is the one that runs
//   cookie encryption on             the session's cookies are encrypted at rest
//   file:// extra privileges off     the app is served from app://, file:// needs none
// CommonJS: electron-builder requires its hooks.
/* eslint-disable @typescript-eslint/no-require-imports -- electron-builder loads hooks with require */
const { join } = require('node:path');
const { flipFuses, FuseV1Options, FuseVersion } = require('@electron/fuses');

/** The fuses of every packaged build, by platform only where macOS needs its signature reset. */
function fuseConfig(platform, arch) {
  return {
    version: FuseVersion.V1,
    // An arm64 macOS binary must be signed to run; flipping a fuse voids the ad hoc signature.
    resetAdHocDarwinSignature: platform === 'darwin' && arch === 'arm64',
    strictlyRequireAllFuses: true,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

/** The Electron binary electron-builder just laid out in `appOutDir`. */
function binaryPath(context) {
  const { electronPlatformName: platform, appOutDir, packager } = context;
  if (platform === 'darwin') return join(appOutDir, `${packager.appInfo.productFilename}.app`);
  if (platform === 'win32') return join(appOutDir, `${packager.executableName}.exe`);
  return join(appOutDir, packager.executableName);
}

/** electron-builder's Arch enum, by name: 0 ia32, 1 x64, 2 armv7l, 3 arm64, 4 universal. */
const ARCHES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

async function afterPack(context) {
  const arch = ARCHES[context.arch] ?? String(context.arch);
  await flipFuses(binaryPath(context), fuseConfig(context.electronPlatformName, arch));
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.fuseConfig = fuseConfig;
module.exports.binaryPath = binaryPath;
