import { readdirSync } from 'node:fs';
import path from 'node:path';

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
 * Issue 32, item 3: the document for a client route. The city pages (`/cidade` and below: the field
 * screens) get the build's `cidade.html`, index.html with the signed-in frame and the route table
 * preloaded (scripts/build/city-preload.ts); every other path, the sign-in page and the public links
 * among them, gets index.html. `hasCityDocument` is false for a build without it.
 */
export const CITY_DOCUMENT = 'cidade.html';

export function documentFor(url: string, hasCityDocument: boolean): string {
  const pathname = requestPath(url);
  return hasCityDocument && (pathname === '/cidade' || pathname.startsWith('/cidade/')) ? CITY_DOCUMENT : 'index.html';
}
