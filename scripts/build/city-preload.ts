import type { Plugin } from 'vite';
// Written beside index.html: the document the server sends for the city pages (documentFor).
import { CITY_DOCUMENT } from '../../server/lib/static-assets.ts';
import { FRAME_ENTRIES, staticClosure, type BuildChunk } from './boot-chunk.ts';
type Asset = { type: 'asset'; fileName: string; source: string | Uint8Array };

/**
 * Issue 32, item 3: a city page (`/cidade…`: the list, the report form, the follow-up, the evidence
 * tab) is a signed-in page, and before its screen the router loads the signed-in frame and the route
 * table, which only start once the entry has run. `cidade.html` is index.html with those files
 * preloaded (`modulepreload`, so they download while the entry does); the server sends it for
 * `/cidade` paths only, so the sign-in page and the public links never pay for them. Files the entry
 * already loads are not listed twice.
 */
export function cityPreload(): Plugin {
  return {
    name: 'city-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'] as unknown as Asset | undefined;
        if (!index) return;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as BuildChunk[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = staticClosure(
          byFile,
          chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
        );
        // The chunks holding them (one may hold two: the frame imports the route table too).
        const frame = FRAME_ENTRIES.map((id) => chunks.find((chunk) => chunk.moduleIds.some((m) => m.endsWith(id)))?.fileName);
        if (frame.some((file) => file === undefined)) this.error(`city-preload: a chunk of ${FRAME_ENTRIES.join(', ')} was not found`);
        const files = [...staticClosure(byFile, frame as string[])].filter((file) => !entry.has(file)).sort();
        const html = String(index.source);
        const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
        if (!html.includes('</head>')) this.error('city-preload: index.html has no </head>');
        this.emitFile({ type: 'asset', fileName: CITY_DOCUMENT, source: html.replace('</head>', `  ${links}\n  </head>`) });
      },
    },
  };
}
