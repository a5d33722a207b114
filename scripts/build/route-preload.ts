import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../server/lib/static-assets.ts';
import { FRAME_ENTRIES, staticClosure, type BuildChunk } from './boot-chunk.ts';

/**
 * Issue 32, item 3: a signed-in page's document names the files its screen needs, so they download
 * with the entry instead of one after the other (the entry, then the frame and the route table, then
 * the city layout, then the screen and its data module). The build writes `route-preloads.json`:
 * the files every signed-in page loads (the frame, the route table and what the sign-in guard
 * imports) and, for each signed-in route, the files of its screen and of its loader's data module.
 * The server adds them to the document it sends for a path (`documentPreloads`,
 * server/lib/static-assets.ts); the sign-in page and the public links get index.html as it is.
 */

/** What the sign-in guard of every signed-in page imports (src/app/guards.ts). */
const GUARD_MODULES = ['/src/session/verify.ts', '/src/domain/zod-pt-br.ts'];
/** The signed-in route table: the features' route files it imports are the ones scanned. */
const ROUTE_TABLE = 'src/app/available-paths.ts';

/** A signed-in route as its feature declares it: absolute pattern and the modules its `lazy` and `loader` import. */
export type DeclaredRoute = { pattern: string; layout: boolean; modules: string[] };

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

/** Local name → absolute file of a module's relative imports. */
function importedFiles(source: ts.SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const file = path.resolve(path.dirname(source.fileName), specifier);
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.set(element.name.text, file);
  }
  return names;
}

/** Top-level `const name = …` initialisers of a module. */
function constants(source: ts.SourceFile): Map<string, ts.Expression> {
  const found = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) found.set(declaration.name.text, declaration.initializer);
    }
  }
  return found;
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current))
    current = current.expression;
  return current;
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const member of object.properties) {
    if (ts.isPropertyAssignment(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) && member.name.text === name) {
      return member.initializer;
    }
  }
  return undefined;
}

/**
 * The signed-in routes whose pattern is written where it can be read without running the app: a
 * string, or an entry of a feature's `*_PATHS` object. Routes built by a function from a list (the
 * registers) are left out: their pages load as before, without a preload.
 */
export function declaredRoutes(root: string): DeclaredRoute[] {
  const table = parse(path.join(root, ROUTE_TABLE));
  const routeFiles = [...new Set(importedFiles(table).values())].filter((file) => file.endsWith('routes.tsx'));
  const pathObjects = new Map<string, Map<string, ts.Expression>>();
  const pathsOf = (file: string) => {
    if (!pathObjects.has(file)) pathObjects.set(file, constants(parse(file)));
    return pathObjects.get(file)!;
  };
  const routes: DeclaredRoute[] = [];
  for (const file of routeFiles) {
    const source = parse(file);
    const imports = importedFiles(source);
    const locals = constants(source);
    const patternOf = (node: ts.Expression): string | null => {
      const value = unwrap(node);
      if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return value.text;
      if (ts.isPropertyAccessExpression(value) && ts.isIdentifier(value.expression)) {
        const from = imports.get(value.expression.text);
        const object = from ? pathsOf(from).get(value.expression.text) : undefined;
        const entry =
          object && ts.isObjectLiteralExpression(unwrap(object))
            ? property(unwrap(object) as ts.ObjectLiteralExpression, value.name.text)
            : undefined;
        return entry ? patternOf(entry) : null;
      }
      return null;
    };
    const importsIn = (node: ts.Node | undefined, into: Set<string>) => {
      if (!node) return;
      if (ts.isIdentifier(node) && locals.has(node.text)) return importsIn(locals.get(node.text), into);
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (specifier && ts.isStringLiteral(specifier)) into.add(path.resolve(path.dirname(file), specifier.text));
        return;
      }
      ts.forEachChild(node, (child) => importsIn(child, into));
    };
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const pathNode = property(node, 'path');
        const pattern = pathNode ? patternOf(pathNode) : null;
        if (pattern?.startsWith('/')) {
          const modules = new Set<string>();
          importsIn(property(node, 'lazy'), modules);
          importsIn(property(node, 'loader'), modules);
          if (modules.size > 0) routes.push({ pattern, layout: property(node, 'children') !== undefined, modules: [...modules].sort() });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The build's plugin: writes `route-preloads.json` from the declared routes and the bundle's chunks. */
export function routePreload(root: string): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as BuildChunk[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const holder = new Map<string, string>();
        for (const chunk of chunks) for (const id of chunk.moduleIds) holder.set(id.split('?')[0]!, chunk.fileName);
        const fileOf = (id: string) => {
          const found = holder.get(id) ?? [...holder].find(([module]) => module.endsWith(id))?.[1];
          if (!found) this.error(`route-preload: no chunk holds ${id}`);
          return found;
        };
        const entry = staticClosure(
          byFile,
          chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
        );
        const signedInFiles = staticClosure(byFile, [...FRAME_ENTRIES, ...GUARD_MODULES].map(fileOf));
        const listed = (files: Set<string>, leaving: Set<string>) => [...files].filter((file) => !leaving.has(file)).sort();
        const signedIn = listed(signedInFiles, entry);
        const already = new Set([...entry, ...signedInFiles]);
        const preloads: RoutePreloads = {
          signedIn,
          routes: declaredRoutes(root).map((route) => ({
            pattern: route.pattern,
            layout: route.layout,
            files: listed(staticClosure(byFile, route.modules.map(fileOf)), already),
          })),
        };
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
      },
    },
  };
}
