import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.API_PORT ?? 8080;

/** Chakra's theme files one by one (src/app/theme-base.ts); its package exports only the theme's index. */
export const chakraThemeAlias = {
  find: /^@chakra-theme\/(.*)$/,
  replacement: `${fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme/', import.meta.url))}$1.js`,
};

export default defineConfig({
  resolve: { alias: [chakraThemeAlias] },
  plugins: [
    react(),
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
        // The shell, every lazy route chunk, and all variants' logos, icons and manifests. Source maps stay out.
        globPatterns: ['**/*.{html,js,css,svg,png,ico,webp,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the matched files: pulling in their dependencies would move React itself into the
          // TipTap chunk, and every page would then load it.
          includeDependenciesRecursively: false,
          // The two big libraries of lazy screens come in chunks of their own, so that no single
          // file of a route is large: the report editor (ProseMirror's base, its extras, TipTap's
          // core, its extensions) and the calendar (FullCalendar's core with Preact, its views).
          // Where two tests match a file, the higher priority wins.
          groups: [
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
            { name: 'zod-classic', test: /node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
