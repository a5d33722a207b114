import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

/**
 * The built app's files that are sent with a lean header set (issue 32, item 2): scripts, styles,
 * fonts, icons and manifests, as URL paths ("/assets/index-abc123.js"). The document's security
 * headers (CSP, frame, referrer and cross-origin opener policies…) govern a document, not a file
 * it loads; on 59 files under 1 KB each they cost about as many bytes as the file.
 *
 * Left out, so they keep every header: the document (index.html and any other .html) and the
 * service worker (sw.js), whose own response carries the policy its worker runs under. Listed once
 * at start: a file added by a later build is sent with the full set, which is safe.
 */
export function leanStaticPaths(root: string): Set<string> {
  const paths = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(html|br|gz)$/.test(entry.name)) continue;
    const url = `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`;
    if (url === '/sw.js') continue;
    paths.add(url);
  }
  return paths;
}

/** A request's path without its query string, as `leanStaticPaths` lists it. */
export function requestPath(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Issue 32, item 3: what the build knows of the signed-in pages' files (scripts/build/route-preload.ts),
 * so that a document names them and they download with the entry rather than one after the other.
 * `signedIn`: the frame, the route table and what the sign-in guard imports, which every signed-in
 * page loads; `routes`: each signed-in route's absolute pattern, whether it is a layout (it matches
 * the paths below it too) and the files of its screen and of its loader's data, beyond `signedIn`.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
export type RoutePreloads = {
  signedIn: string[];
  routes: { pattern: string; layout: boolean; files: string[] }[];
};

function segments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

function matches(pattern: string[], pathSegments: string[], layout: boolean): boolean {
  if (layout ? pathSegments.length < pattern.length : pathSegments.length !== pattern.length) return false;
  return pattern.every((segment, i) => segment.startsWith(':') || segment === pathSegments[i]);
}

/**
 * The files a client route's document preloads: none for a path no signed-in route matches (the
 * sign-in page, the public links, an unknown path: index.html as it is); else the signed-in files
 * and those of every route that matches (the layouts above it and the screen).
 */
export function documentPreloads(url: string, preloads: RoutePreloads): string[] {
  const pathSegments = segments(requestPath(url));
  const matched = preloads.routes.filter((route) => matches(segments(route.pattern), pathSegments, route.layout));
  if (matched.length === 0) return [];
  return [...new Set([...preloads.signedIn, ...matched.flatMap((route) => route.files)])];
}

/** index.html with `modulepreload` links to `files` (as the build writes its own, crossorigin for module scripts). */
export function documentWithPreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}

type Encoded = { body: Buffer; encoding: 'br' | 'gzip' | null };

/**
 * The documents of the signed-in pages, made from the build's index.html and route-preloads.json
 * once per set of preloaded files and kept compressed, as the build keeps its own files. Null when
 * the build has no route-preloads.json: every path then gets index.html as it is.
 */
export function preloadingDocuments(staticDir: string): ((url: string, acceptEncoding: string | undefined) => Encoded | null) | null {
  const preloadsPath = path.join(staticDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(preloadsPath)) return null;
  const preloads = JSON.parse(readFileSync(preloadsPath, 'utf8')) as RoutePreloads;
  const html = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const made = new Map<string, { raw: Buffer; br: Buffer; gzip: Buffer }>();
  return (url, acceptEncoding) => {
    const files = documentPreloads(url, preloads);
    if (files.length === 0) return null;
    const key = files.join('\n');
    let document = made.get(key);
    if (!document) {
      const raw = Buffer.from(documentWithPreloads(html, files));
      document = {
        raw,
        br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
        gzip: gzipSync(raw, { level: zlibConstants.Z_BEST_COMPRESSION }),
      };
      made.set(key, document);
    }
    const accepted = (acceptEncoding ?? '').toLowerCase();
    if (/\bbr\b/.test(accepted)) return { body: document.br, encoding: 'br' };
    if (/\bgzip\b/.test(accepted)) return { body: document.gzip, encoding: 'gzip' };
    return { body: document.raw, encoding: null };
  };
}
