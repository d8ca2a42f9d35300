// Fails when source files import each other in a cycle through value imports (issue 34.2).
// Type-only imports (`import type`, `import { type X }`, `export type`) vanish at build time and
// may go round; dynamic `import()` loads lazily and does not count either. A value cycle makes the
// load order decide which module sees the other half-initialised, so none is allowed.
// Run by `npm run lint`. `--include-types` counts type-only imports too (a report, not the rule).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** Source roots and the `@/` alias each one resolves, if any. */
const roots = [
  { dir: 'packages', alias: null },
  { dir: 'apps/server/src', alias: null },
  { dir: 'apps/web/src', alias: 'apps/web/src' },
];
const extensions = ['.ts', '.tsx'];
const includeTypes = process.argv.includes('--include-types');

function sourceFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (extensions.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts'))
      found.push(full);
  }
  return found;
}

function resolveFile(base) {
  const candidates = [
    base,
    ...extensions.map((ext) => base + ext),
    ...extensions.map((ext) => `${base}/index${ext}`),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

function resolveSpecifier(fromFile, specifier, alias) {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(fromFile), specifier));
  if (alias && specifier.startsWith('@/')) return resolveFile(path.join(repoRoot, alias, specifier.slice(2)));
  return null; // a package: not part of this graph
}

/** True when the import or export statement brings in at least one value at run time. */
function loadsValue(statement) {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return true; // `import './x'` runs the module
    if (clause.isTypeOnly) return false;
    if (clause.name) return true;
    const bindings = clause.namedBindings;
    if (!bindings || ts.isNamespaceImport(bindings)) return true;
    return bindings.elements.length === 0 || bindings.elements.some((element) => !element.isTypeOnly);
  }
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return false;
    const clause = statement.exportClause;
    if (!clause || !ts.isNamedExports(clause)) return true;
    return clause.elements.some((element) => !element.isTypeOnly);
  }
  return false;
}

function valueImports(file, alias) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const targets = [];
  for (const statement of source.statements) {
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !(includeTypes || loadsValue(statement))) continue;
    const target = resolveSpecifier(file, specifier.text, alias);
    if (target) targets.push(target);
  }
  return targets;
}

const graph = new Map();
for (const { dir, alias } of roots) {
  for (const file of sourceFiles(path.join(repoRoot, dir))) graph.set(file, valueImports(file, alias));
}

// Tarjan's strongly connected components: every component of two or more files (or a file that
// imports itself) is a cycle.
const indexOf = new Map();
const lowLink = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
let counter = 0;
function visit(file) {
  indexOf.set(file, counter);
  lowLink.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const target of graph.get(file) ?? []) {
    if (!indexOf.has(target)) {
      visit(target);
      lowLink.set(file, Math.min(lowLink.get(file), lowLink.get(target)));
    } else if (onStack.has(target)) {
      lowLink.set(file, Math.min(lowLink.get(file), indexOf.get(target)));
    }
  }
  if (lowLink.get(file) !== indexOf.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component);
}
for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);

const relative = (file) => path.relative(repoRoot, file);
const kind = includeTypes ? 'Import' : 'Value-import';
for (const component of cycles) {
  console.error(`${kind} cycle through ${component.length} files:`);
  for (const file of component.map(relative).sort()) console.error(`  ${file}`);
}
console.log(`${kind.toLowerCase()} cycles: ${cycles.length} (${graph.size} files checked)`);
if (cycles.length > 0 && !includeTypes) process.exitCode = 1;
