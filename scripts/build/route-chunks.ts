import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/** Written beside index.html; the service worker reads it from its own precache (sw/sw.ts). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/** What `dist/route-chunks.json` holds: each group's files (URL paths without the leading slash). */
export type RouteChunks = { groups: Record<string, string[]> };

type BundleChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
};

/**
 * The group of the screens a module loads lazily: the signed-in features' route tables
 * (src/features/<feature>/routes.tsx) give the feature's name, the public pages' tables "public",
 * and the router's own lazy imports (the signed-in frame and route table) "frame". The sign-in
 * screens (the auth feature) and whatever the entry loads are the shell, in no group.
 */
function groupOfImporter(importer: string): string | null {
  const normalized = importer.split('\\').join('/');
  const feature = /\/src\/features\/([^/]+)\/routes\.tsx$/.exec(normalized)?.[1];
  if (feature) return feature === 'auth' ? null : feature;
  if (/\/src\/features\/[^/]+\/public-routes\.tsx$/.test(normalized)) return 'public';
  if (normalized.endsWith('/src/app/router.tsx')) return 'frame';
  return null;
}

/**
 * Issue 32, item 6: the precache holds only the shell (what every signed-out visitor needs: the
 * document, the entry and the sign-in screens, the variants' logos, icons and manifests); after sign-in
 * the page tells the worker which groups this user can open offline, and the worker caches their
 * files. This plugin derives the groups from the build: each group's lazy screens with everything
 * they import, statically or lazily (the report form's editor, the PDF fonts), minus the shell.
 * `shellOnly` is the precache's manifest transform: it keeps the shell and adds the groups' file.
 */
export function routeChunks(): Plugin & { shellOnly: ManifestTransform } {
  let shell = new Set<string>();
  let json = '';
  return {
    name: 'route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as BundleChunk[];
      // The service worker's own build may run plugins too: only the app's counts (its entry is the document).
      if (!chunks.some((chunk) => chunk.facadeModuleId?.endsWith('.html'))) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkOfModule = new Map<string, BundleChunk>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) if (!chunkOfModule.has(id)) chunkOfModule.set(id, chunk);
      for (const chunk of chunks) if (chunk.facadeModuleId) chunkOfModule.set(chunk.facadeModuleId, chunk);

      // The roots: every lazily imported screen whose importer names a group.
      const rootGroup = new Map<string, string>();
      for (const id of chunkOfModule.keys()) {
        for (const importer of this.getModuleInfo(id)?.dynamicImporters ?? []) {
          const group = groupOfImporter(importer);
          const chunk = chunkOfModule.get(id);
          if (group && chunk) rootGroup.set(chunk.fileName, group);
        }
      }

      /**
       * The files a chunk needs: itself, its styles and assets, what it imports statically (unless
       * `skip` says so) and what it loads lazily (unless `stopAt` says so).
       */
      const closure = (start: string[], seen: Set<string>, stopAt: (file: string) => boolean, skip: (file: string) => boolean) => {
        const stack = [...start];
        while (stack.length > 0) {
          const file = stack.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          const chunk = byFile.get(file);
          if (!chunk) continue;
          for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
          for (const asset of chunk.viteMetadata?.importedAssets ?? []) seen.add(asset);
          for (const next of chunk.imports) if (!seen.has(next) && !skip(next)) stack.push(next);
          for (const next of chunk.dynamicImports) if (!seen.has(next) && !skip(next) && !stopAt(next)) stack.push(next);
        }
        return seen;
      };

      shell = closure(
        chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
        new Set(),
        (file) => rootGroup.has(file),
        () => false,
      );
      const groups: Record<string, Set<string>> = {};
      for (const [root, group] of rootGroup) {
        const files = (groups[group] ??= new Set());
        // Another group's root is its own group's business (the route table imports every screen lazily).
        closure(
          [root],
          files,
          (file) => rootGroup.has(file) && rootGroup.get(file) !== group,
          (file) => shell.has(file),
        );
      }
      const out: RouteChunks = {
        groups: Object.fromEntries(
          Object.entries(groups)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([group, files]) => [group, [...files].filter((file) => !shell.has(file)).sort()]),
        ),
      };
      json = JSON.stringify(out);
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: json });
    },
    shellOnly: (entries) => {
      // Assets (content-hashed) are the shell's or a group's; the rest (document, variants' files) is shell.
      const manifest = entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url));
      const revision = createHash('sha256').update(json).digest('hex').slice(0, 16);
      manifest.push({ url: ROUTE_CHUNKS_FILE, revision, size: Buffer.byteLength(json) });
      return { manifest };
    },
  };
}
