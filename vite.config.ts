import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bootGroup, frameModulesTest, recordBootModules } from './scripts/build/boot-chunk.ts';
import { routePreload } from './scripts/build/route-preload.ts';
import { routeChunks } from './scripts/build/route-chunks.ts';
import { zodWithoutJsonSchema } from './scripts/build/zod-without-json-schema.ts';

/** Modules of the data-port chunk: src/data's primitives and the store-free half of src/offline (see its group). */
const DATA_PORT_MODULES =
  /[\\/]src[\\/](data[\\/](query|command)|offline[\\/](store|live|live-source|answer-first|queued-marker|hooks|use-local-first|pull|bundle|bundle-api|outbox|kinds|meta|storage|declarations|temp-ids|in-flight|tables|routes)|domain[\\/]uploads)\.ts$/;
const dataPortTest = (id: string) => DATA_PORT_MODULES.test(id);

const apiPort = process.env.API_PORT ?? 8080;

/** Chakra's theme files one by one (src/app/theme-base.ts); its package exports only the theme's index. */
export const chakraThemeAlias = {
  find: /^@chakra-theme\/(.*)$/,
  replacement: `${fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme/', import.meta.url))}$1.js`,
};

/**
 * React Router's package resolves to its development build whatever the mode (its exports have no
 * `production` condition); it ships a production build beside it, without the development
 * warnings and checks, lighter to download and to run. Both entry points move together: its DOM
 * entry imports the chunks of its own build, and two copies would hold two router contexts.
 */
export function reactRouterProduction(): Plugin {
  const dist = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url));
  return {
    name: 'react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: `${dist}index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${dist}dom-export.mjs` },
        ],
      },
    }),
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, at the highest levels
 * (paid once per build, not per request), for the server's `@fastify/static` `preCompressed`.
 * Runs after every other closeBundle step so that the service worker written by vite-plugin-pwa
 * is compressed too. Images and woff2 fonts are compressed formats already (the PDFs' TrueType
 * fonts are not, and halve); source maps are for developer tools only. A variant that would not be
 * smaller is not written.
 */
export function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && /\.(js|mjs|css|html|svg|json|webmanifest|txt|ico|ttf)$/.test(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name));
        await Promise.all(
          files.map(async (file) => {
            // Whatever their size (issue 32, item 2): a small file is compressed once here, never per request.
            const source = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < source.length) await writeFile(`${file}.br`, br);
            if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

// Issue 32, item 6: the precache is the shell; each signed-in user's offline screens are cached after sign-in.
const offlineRouteChunks = routeChunks();

const root = fileURLToPath(new URL('.', import.meta.url));
// The first pass of scripts/build/app.ts: the same bundle, recorded and not written.
const bootScan = Boolean(process.env.BOOT_SCAN);
const boot = bootScan ? null : bootGroup(root);

export default defineConfig({
  resolve: { alias: [chakraThemeAlias] },
  plugins: bootScan
    ? [react(), reactRouterProduction(), zodWithoutJsonSchema(), recordBootModules(root)]
    : [
        react(),
        reactRouterProduction(),
        zodWithoutJsonSchema(),
        offlineRouteChunks,
        routePreload(root),
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          // src/app/pwa registers it with workbox-window, after the first render.
          injectRegister: false,
          // Each variant ships its own manifest in public/variants/<id>/.
          manifest: false,
          injectManifest: {
            // A classic (non-module) worker script: every browser that has service workers runs it.
            rollupFormat: 'iife',
            // What the precache may hold: the shell, all variants' logos, icons and manifests. Source maps stay out.
            // The PDFs' fonts (ttf, src/lib/pdf-fonts.ts) too: a follow-up's PDF is made offline as well.
            globPatterns: ['**/*.{html,js,css,svg,png,ico,webp,woff2,webmanifest,ttf}'],
            maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
            // Only the shell (and dist/route-chunks.json): the route chunks are cached per user after sign-in.
            manifestTransforms: [offlineRouteChunks.shellOnly],
          },
        }),
        precompress(),
      ],
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // The scan writes nothing (recordBootModules empties its bundle), so it must not empty dist/ either.
    emptyOutDir: !bootScan,
    sourcemap: !bootScan,
    rolldownOptions: {
      // Inlined common chunks (below) may drop an entry's unused exports; the app's entry has none.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Issue 32, item 2: a common chunk the bundler would make for a set of importers (a module
          // two lazy screens share) is copied into those screens' chunks when its source is under
          // 32 KB, instead of being a file of its own: the field pages' critical paths went from
          // 97–186 files to 22–35, for 5–15 % more bytes on them (the copies and the order wrappers)
          // and more in the whole build (each copy is stored once per chunk that holds it):
          // docs/benchmarks.md has 0, 4, 8, 16, 32 and 64 KB side by side. Rolldown's runtime registry
          // keeps one state and one execution per module across the copies
          // (https://rolldown.rs/in-depth/inline-common-chunks); it turns on strictExecutionOrder, so
          // modules run in source order whatever chunk holds them.
          experimentalInlineCommonChunks: { maxSize: Number(process.env.INLINE_MAX ?? 32 * 1024) },
          // Only the matched files: pulling in their dependencies would move React itself into the
          // TipTap chunk, and every page would then load it.
          includeDependenciesRecursively: false,
          // The two big libraries of lazy screens come in chunks of their own, so that no single
          // file of a route is large: the report editor (ProseMirror's base, its extras, TipTap's
          // core, its extensions) and the calendar (FullCalendar's core with Preact, its views).
          // Where two tests match a file, the higher priority wins.
          groups: [
            // Issue 32: the entry's static closure in the entry's own file (scripts/build/boot-chunk.ts).
            ...(boot ? [boot] : []),
            // The signed-in frame's modules in the frame's file, not copied into every screen (boot-chunk.ts).
            ...(bootScan ? [] : [{ name: 'frame', test: frameModulesTest(root), priority: 90 }]),
            // The data port and the part of the offline engine a screen needs before the store opens
            // (issue 32): one file every screen that reads or writes shares, instead of a copy inlined in
            // each data object's chunk (two or three copies on a city's field page). Dexie, the runtime
            // and the engine stay out: they load when the store is first needed.
            { name: 'data-port', test: dataPortTest, priority: 40 },
            // No cycles between these chunks, or a module could run before one it needs: ProseMirror's
            // base (model, transform, state, view) is imported by its extras, never the reverse.
            {
              name: 'prosemirror',
              test: /node_modules[\\/](prosemirror-(model|transform|state|view)|orderedmap|w3c-keyname)[\\/]/,
              priority: 30,
            },
            { name: 'prosemirror-extras', test: /node_modules[\\/](prosemirror-|rope-sequence)/, priority: 20 },
            { name: 'tiptap-core', test: /node_modules[\\/]@tiptap[\\/](core|pm)[\\/]/, priority: 15 },
            { name: 'tiptap', test: /node_modules[\\/](@tiptap|linkifyjs|fast-equals|use-sync-external-store)[\\/]/, priority: 10 },
            { name: 'fullcalendar', test: /node_modules[\\/](@fullcalendar[\\/]core|preact)[\\/]/, priority: 20 },
            { name: 'fullcalendar-views', test: /node_modules[\\/]@fullcalendar[\\/]/, priority: 10 },
            // Classic zod's chainable API apart from zod's core: the screens that validate with
            // zod/mini (login, session, the city list) must not download it with the core.
            // The JSON Schema converters are classic zod's too (its schemas' `toJSONSchema`): in the core's
            // chunk, the boot scan counted them in the entry's file and every page, the login included,
            // downloaded them (issue 32).
            {
              name: 'zod-classic',
              test: /node_modules[\\/]zod[\\/]v4[\\/](classic[\\/]|core[\\/](json-schema-processors|to-json-schema|json-schema-generator)\.js)/,
              priority: 10,
            },
            // zod's core (and mini) in a chunk of its own: left to the bundler it lands in whichever
            // app chunk first needs it, and when that chunk also uses classic zod the two chunks import
            // each other, so classic zod ran before the core it extends ("K is not a constructor").
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
});
