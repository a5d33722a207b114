/**
 * `npm run lint:cycles` (chained into `npm run lint`): fails when modules of the repository import
 * each other in a circle, and prints each circle as the path of its imports.
 *
 * What counts: every static import or re-export between the repository's own files, type-only
 * ones included (`import type`, `export … from`): two modules that need each other's types cannot be
 * read, moved or tested apart either, and there is none today, so the stricter rule costs nothing.
 * What does not:
 * - dynamic `import()`: it is evaluated after both modules are (the router's lazy screens, the
 *   api client's lazily loaded sso.ts), which is how a deliberate lazy edge is written;
 * - packages: only relative specifiers name our own files.
 *
 * dependency-cruiser (a devDependency, meant for this) cannot read a single `.ts` file here: its
 * 16.x line accepts TypeScript below 6 and this project is on 6, so it cruises 0 modules and passes
 * whatever the imports are. This walk uses the project's own TypeScript parser instead, so it sees
 * exactly the imports the compiler sees; the circles come from Tarjan's strongly connected components.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** The folders (and top-level config files) of the repository the check walks. */
export const defaultRoots = ['src', 'server', 'sw', 'scripts', 'tests', 'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts', 'drizzle.config.ts'];

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

function sourceFiles(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return SOURCE.test(entry) && !entry.endsWith('.d.ts') ? [entry] : [];
  return readdirSync(entry, { withFileTypes: true }).flatMap((d) => {
    if (d.isDirectory() && d.name === 'node_modules') return [];
    return sourceFiles(path.join(entry, d.name));
  });
}

/**
 * The relative specifiers a file imports or re-exports statically, type-only ones included, in
 * source order. Only top-level statements are read: a dynamic `import()` sits inside an expression.
 */
export function staticImports(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false);
  return file.statements
    .map((statement) =>
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined,
    )
    .filter((s): s is string => s !== undefined && (s.startsWith('./') || s.startsWith('../')));
}

function resolve(from: string, specifier: string, known: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return RESOLVE_SUFFIXES.map((suffix) => base + suffix).find((candidate) => known.has(candidate));
}

/** Each circle of static imports among the files under `roots`, as repository-relative paths (the first file repeated at the end). */
export function findCycles(roots: string[] = defaultRoots, cwd = repositoryRoot): string[][] {
  const files = roots.flatMap((root) => sourceFiles(path.resolve(cwd, root)));
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = staticImports(file, readFileSync(file, 'utf8'))
      .map((s) => resolve(file, s, known))
      .filter((t): t is string => t !== undefined);
    edges.set(file, [...new Set(targets)]);
  }
  const relative = (cycle: string[]) => cycle.map((f) => path.relative(cwd, f));
  return stronglyConnected(files, edges)
    .filter((component) => component.length > 1 || edges.get(component[0]!)!.includes(component[0]!))
    .map((component) => relative(circleThrough(component, edges)));
}

/** Tarjan's algorithm, iterative (a deep import chain must not overflow the stack). */
function stronglyConnected(nodes: string[], edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.node)!;
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** One concrete circle inside a strongly connected component: the shortest way from its first file back to it. */
function circleThrough(component: string[], edges: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const target of edges.get(node)!) {
      if (!members.has(target)) continue;
      if (target === start) {
        const chain: string[] = [];
        for (let at = node; at !== start; at = cameFrom.get(at)!) chain.unshift(at);
        return [start, ...chain, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = findCycles();
  for (const cycle of cycles) console.error(`Imports em círculo: ${cycle.join(' → ')}`);
  if (cycles.length) {
    console.error(`\n${cycles.length} círculo(s) de imports. Quebre cada um movendo o que os módulos compartilham para um terceiro módulo.`);
    process.exit(1);
  }
}
