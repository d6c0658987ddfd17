// shared/ runs in the main process, the sandbox and the sandboxed renderer, so it may use only
// what all three have. tsconfig.shared.json compiles it without Node's types and without the
// DOM: prove that a Node global in a shared file fails that compile (while the root config,
// which has Node's types, lets the same file through), and that the real shared/ passes it.
import { sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd().split(sep).join('/');
const PROBE = `${ROOT}/shared/domain/probe.ts`;

/** Lib and package declarations parsed once for every program of this file. */
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

function config(name: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}/${name}`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${name} could not be read`);
  return parsed;
}

/** The compile errors of `rootNames` under a config; the probe file holds `probe` when given. */
function errors(configName: string, probe?: string, rootNames?: string[]): string[] {
  const { options, fileNames } = config(configName);
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === PROBE || fileExists.call(host, file);
  host.readFile = (file) => (file === PROBE ? probe : readFile.call(host, file));
  host.getSourceFile = (file, language, ...rest) => {
    if (file === PROBE && probe !== undefined) return ts.createSourceFile(file, probe, language);
    if (!parsedFiles.has(file))
      parsedFiles.set(file, getSourceFile.call(host, file, language, ...rest));
    return parsedFiles.get(file);
  };
  const program = ts.createProgram({
    rootNames: rootNames ?? (probe === undefined ? fileNames : [PROBE]),
    options,
    host,
  });
  const diagnostics =
    probe === undefined
      ? ts.getPreEmitDiagnostics(program)
      : ts.getPreEmitDiagnostics(program, program.getSourceFile(PROBE));
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('shared/ compiles without Node types', () => {
  it('covers shared/ and nothing else', () => {
    const { fileNames } = config('tsconfig.shared.json');
    expect(fileNames.length).toBeGreaterThan(0);
    expect(fileNames.filter((file) => !file.startsWith(`${ROOT}/shared/`))).toEqual([]);
  });

  it.each([
    ['process', 'export const home = process.env.HOME;'],
    ['Buffer', "export const bytes = Buffer.from('payee', 'utf8');"],
    ['setImmediate', 'export const later = (run: () => void) => setImmediate(run);'],
  ])('refuses %s in a shared file that compiles with the root config', (name, source) => {
    expect(errors('tsconfig.json', source)).toEqual([]);
    expect(errors('tsconfig.shared.json', source).join('\n')).toContain(
      `Cannot find name '${name}'`,
    );
  });

  it('refuses the DOM in a shared file', () => {
    expect(
      errors('tsconfig.shared.json', 'export const title = document.title;').join('\n'),
    ).toContain("Cannot find name 'document'");
  });

  it('accepts a shared file that uses the language and other shared files', () => {
    const source = [
      "import { parseAmount } from './money';",
      'export const last = [1, 2, 3].findLast((n) => n > 1);',
      "export const amount = parseAmount('12.50');",
    ].join('\n');
    expect(errors('tsconfig.shared.json', source)).toEqual([]);
  });

  it('passes on the real shared/', () => {
    expect(errors('tsconfig.shared.json')).toEqual([]);
  });
});
