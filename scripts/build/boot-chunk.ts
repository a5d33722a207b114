import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Issue 32, item 2: the entry's file holds everything the entry needs before the first screen.
 *
 * Left to itself, the bundler makes one chunk per set of importers: the modules the entry shares
 * with some lazy screens (Chakra's `create-context`, `split-props`, `walk-object`…) became about
 * twenty tiny files that the document preloads, each with its own request. The entry's static
 * import closure cannot be named before bundling (it follows barrel re-exports that tree-shaking
 * later drops), so the build runs twice: a scan (`BOOT_SCAN=1`) writes no file and records the
 * modules the tree-shaken build put in the entry's file and its static imports; the real build
 * then gathers exactly those modules into the entry's file (`bootGroup`). A stale or missing
 * record costs bytes or files, never correctness: every module still lands in one chunk.
 */
export const BOOT_MODULES_FILE = path.join('.tmp', 'boot-modules.json');
/** The signed-in frame's modules beyond the boot file, less the signed-out pages' (see `frameModulesTest`). */
export const FRAME_MODULES_FILE = path.join('.tmp', 'frame-modules.json');
/** The signed-in frame, the route table and its placeholders: src/app/router.tsx loads them lazily. */
export const FRAME_ENTRIES = ['/src/app/app-frame.tsx', '/src/app/available-paths.ts', '/src/app/spec-routes.ts'];

/** What the build plugins read of a bundle's chunk. */
export type BuildChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
};

/** The files `starts` load statically: themselves and their static imports, transitively. */
export function staticClosure(byFile: ReadonlyMap<string, BuildChunk>, starts: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(byFile.get(file)?.imports ?? []));
  }
  return seen;
}

/** The scan's plugin: records the boot modules, then drops the bundle so that the scan writes nothing. */
export function recordBootModules(root: string): Plugin {
  return {
    name: 'record-boot-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as BuildChunk[];
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
      if (!entry) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const modulesFrom = (starts: string[]) =>
        new Set([...staticClosure(byFile, starts)].flatMap((file) => byFile.get(file)?.moduleIds ?? []));
      const modules = modulesFrom([entry.fileName]);
      // The signed-in frame's modules, less what a signed-out page (the sign-in screens, the public
      // links) loads: those would otherwise pull the frame's file into the sign-in page.
      const holding = (test: (id: string) => boolean) =>
        chunks.filter((chunk) => chunk.moduleIds.some(test)).map((chunk) => chunk.fileName);
      const signedOut = modulesFrom(
        holding((id) =>
          (this.getModuleInfo(id)?.dynamicImporters ?? []).some(
            (importer) =>
              /[\\/]src[\\/](features[\\/](auth[\\/]routes|[^\\/]+[\\/]public-routes)\.tsx|app[\\/]router\.tsx)$/.test(importer) &&
              !FRAME_ENTRIES.some((f) => id.endsWith(f)),
          ),
        ),
      );
      const frame = [...modulesFrom(holding((id) => FRAME_ENTRIES.some((f) => id.endsWith(f))))].filter(
        (id) => !modules.has(id) && !signedOut.has(id),
      );
      mkdirSync(path.join(root, '.tmp'), { recursive: true });
      writeFileSync(path.join(root, BOOT_MODULES_FILE), JSON.stringify([...modules].sort(), null, 1));
      writeFileSync(path.join(root, FRAME_MODULES_FILE), JSON.stringify(frame.sort(), null, 1));
      for (const name of Object.keys(bundle)) delete bundle[name];
    },
  };
}

/** The real build's chunk group: the recorded modules, ahead of every other group. Null before any scan. */
export function bootGroup(root: string): { name: string; test: (id: string) => boolean; priority: number } | null {
  const modules = recorded(root, BOOT_MODULES_FILE);
  return modules && { name: 'boot', test: (id) => modules.has(id), priority: 100 };
}

/** A set of module ids the scan wrote, null before any scan. */
function recorded(root: string, file: string): Set<string> | null {
  const full = path.join(root, file);
  return existsSync(full) ? new Set(JSON.parse(readFileSync(full, 'utf8')) as string[]) : null;
}

/**
 * The real build's `frame` group: the signed-in frame's modules (its layout, the route table and
 * what they import beyond the boot file, less what a signed-out page loads) in the frame's one file.
 * Every signed-in page loads that file (every signed-in page's document preloads it: route-preload.ts); the screens
 * import those modules from it instead of each holding an inlined copy that the page would download
 * a second time. An empty test before any scan.
 */
export function frameModulesTest(root: string): (id: string) => boolean {
  const modules = recorded(root, FRAME_MODULES_FILE);
  return (id) => modules?.has(id) ?? false;
}
