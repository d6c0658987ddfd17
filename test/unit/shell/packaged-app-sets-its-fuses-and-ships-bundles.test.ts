// Packaging, as far as it can be checked without Electron's download: the afterPack hook flips
// every fuse to its safe value, and electron-builder.yml builds every target from the bundles,
// with the native modules rebuilt for Electron and unpacked from the asar.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const hook = require('../../../scripts/electron-fuses.cjs') as {
  fuseConfig(platform: string, arch: string): Record<string | number, unknown>;
  binaryPath(context: unknown): string;
};

describe('the fuses', () => {
  it('close every way to run the binary as something else', () => {
    const config = hook.fuseConfig('linux', 'x64');
    expect(config).toMatchObject({
      version: FuseVersion.V1,
      strictlyRequireAllFuses: true,
      resetAdHocDarwinSignature: false,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
    expect(hook.fuseConfig('darwin', 'arm64').resetAdHocDarwinSignature).toBe(true);
  });

  it('are flipped in the binary each platform packs', () => {
    const packager = { executableName: 'payout-desk', appInfo: { productFilename: 'Payout Desk' } };
    const at = (platform: string) =>
      hook.binaryPath({ electronPlatformName: platform, appOutDir: '/out', packager });
    expect(at('linux')).toBe('/out/payout-desk');
    expect(at('win32')).toBe('/out/payout-desk.exe');
    expect(at('darwin')).toBe('/out/Payout Desk.app');
  });
});

describe('electron-builder.yml', () => {
  it('packs the bundles for every target, natives rebuilt and unpacked, fuses after', async () => {
    const yml = await readFile('electron-builder.yml', 'utf8');
    for (const target of ['AppImage, deb', 'dmg', 'nsis']) expect(yml).toContain(target);
    expect(yml).toMatch(/^ {2}main: dist\/app\/main\.cjs$/m);
    expect(yml).toMatch(/^ {2}- dist\/app\/\*\*$/m);
    expect(yml).toMatch(/^ {2}- dist\/renderer\/\*\*$/m);
    expect(yml).toMatch(/^npmRebuild: true$/m);
    expect(yml).toMatch(/^ {2}- '\*\*\/\*\.node'$/m);
    expect(yml).toMatch(/^afterPack: scripts\/electron-fuses\.cjs$/m);
    expect(yml).toMatch(/^asar: true$/m);
  });
});
