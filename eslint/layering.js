// DESIGN.md's one-way arrows as two ESLint rules, checked on every import of every file:
//   layering/zones     each import of a file in the repository is resolved to its path from the
//                      repository root (a relative one against the importing file, so the
//                      importer's depth does not matter) and checked against a zone table;
//   layering/packages  a zone that lists its npm packages imports no other bare module.
// A local rule rather than eslint-plugin-import's no-restricted-paths: that one needs a resolver
// set up for TypeScript's extensionless imports and silently passes any import it cannot
// resolve, whereas paths are all this table needs. A target need not exist to be refused.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the folder above this plugin's own folder. */
const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

const toPosix = (path) => path.split(sep).join('/');

/** The path without a module extension, so that `electron/cli` names `electron/cli.ts` too. */
const stem = (path) => path.replace(/\.(d\.)?[cm]?[jt]sx?$/, '');

/** Whether `path` (from the root) is `place` or lies under it; `.` is the whole repository. */
function isUnder(path, place) {
  if (place === '.') return true;
  const [p, q] = [stem(path), stem(place)];
  return p === q || p.startsWith(`${q}/`);
}

const list = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The linted file's path from the root, or undefined for one outside it (or lintText's `<input>`). */
function fileOf(context) {
  if (!isAbsolute(context.filename)) return undefined;
  const path = toPosix(relative(ROOT, context.filename));
  return path.startsWith('../') ? undefined : path;
}

/** Calls `check(node, specifier)` for every static module specifier in the file. */
function eachImport(check) {
  const literal = (node, source) => {
    if (source?.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportType: (node) => literal(node, node.source),
    TSExternalModuleReference: (node) => literal(node, node.expression),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
        literal(node, node.arguments[0]);
      }
    },
  };
}

const isPath = (specifier) =>
  specifier === '.' ||
  specifier === '..' ||
  /^\.{1,2}\//.test(specifier) ||
  specifier.startsWith('/');

/** A rule's option: a table of rows, each naming the files it is about and its message. */
const tableSchema = (properties) => [
  {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        from: { type: ['string', 'array'] },
        message: { type: 'string' },
        ...properties,
      },
      required: ['from', 'message', ...Object.keys(properties).filter((key) => key !== 'except')],
      additionalProperties: false,
    },
  },
];

/** The rows of the rule's table about the linted file (none for a file outside the repository). */
function rowsFor(context) {
  const file = fileOf(context);
  if (file === undefined) return [];
  return (context.options[0] ?? []).filter((row) =>
    list(row.from).some((from) => isUnder(file, from)),
  );
}

const zones = {
  meta: {
    type: 'problem',
    docs: { description: 'Files under one folder may not import files under another.' },
    schema: tableSchema({
      forbid: { type: ['string', 'array'] },
      except: { type: ['string', 'array'] },
    }),
    messages: { wrongArrow: "{{message}}: '{{specifier}}' is {{target}}." },
  },
  create(context) {
    const rows = rowsFor(context);
    if (rows.length === 0) return {};
    return eachImport((node, specifier) => {
      if (!isPath(specifier)) return;
      const target = toPosix(
        relative(ROOT, resolve(dirname(context.filename), specifier.replace(/[?#].*$/, ''))),
      );
      const row = rows.find(
        (r) =>
          list(r.forbid).some((place) => isUnder(target, place)) &&
          !list(r.except).some((place) => isUnder(target, place)),
      );
      if (!row) return;
      const where = target.startsWith('../') ? 'outside the repository' : target;
      context.report({
        node,
        messageId: 'wrongArrow',
        data: { message: row.message, specifier, target: where },
      });
    });
  },
};

/** `@scope/name/sub` -> `@scope/name`; `zod/v4` -> `zod`; `node:fs` stays `node:fs`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const packages = {
  meta: {
    type: 'problem',
    docs: { description: 'Files under a folder import only the npm packages it lists.' },
    schema: tableSchema({ allow: { type: 'array', items: { type: 'string' } } }),
    messages: { notAllowed: "{{message}}: '{{specifier}}' is not one of them." },
  },
  create(context) {
    const rows = rowsFor(context);
    if (rows.length === 0) return {};
    return eachImport((node, specifier) => {
      if (isPath(specifier)) return;
      const row = rows.find((r) => !r.allow.includes(packageOf(specifier)));
      if (!row) return;
      context.report({
        node,
        messageId: 'notAllowed',
        data: { message: row.message, specifier },
      });
    });
  },
};

export default { meta: { name: 'layering' }, rules: { zones, packages } };
