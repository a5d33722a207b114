import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 27's measured figures, kept true by reading the client's sources (tests/unit/layer-gates.test.ts
 * proves the lint gate itself on sample imports; this proves the code as it is):
 * - no screen or component imports src/api, src/offline, src/data or Dexie;
 * - whether a failure ended the session is decided in one place (src/lib/session-end.ts); the data
 *   port says it to screens (reads answer `sessionEnded`, commands `reason: 'session'`);
 * - outside the data objects no code calls the server and triages the failure itself: every write
 *   is a command (src/data/command.ts).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const sources = new Map<string, string>();

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const relative = `${dir}/${entry.name}`;
      // Tests and their doubles (src/offline/testing) are not the product.
      if (entry.isDirectory()) return entry.name === 'testing' ? [] : walk(relative);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
    }),
  );
  return files.flat();
}

beforeAll(async () => {
  for (const file of await walk('src')) sources.set(file, await readFile(path.join(root, file), 'utf8'));
});

function filesWhere(matches: (file: string, text: string) => boolean): string[] {
  return [...sources].filter(([file, text]) => matches(file, text)).map(([file]) => file).sort();
}

/** What eslint.config.js gates as a screen or a component (a register keeps its screens beside its declaration). */
function isScreen(file: string): boolean {
  return (
    /^src\/features\/[^/]+\/(?:[^/]+\/)?(?:screens|components)\//.test(file) ||
    /^src\/features\/[^/]+\/[^/]+\/(?:[^/]+-screen|screens|[^/]+-page|[^/]+-form)\.tsx$/.test(file)
  );
}

/** The data port and what it is built on: where calling the server and reading its failures belongs. */
function isBelowDataObjects(file: string): boolean {
  return /^src\/(?:data|api|lib|offline)\//.test(file);
}

/** A feature's or entity's data object (data.ts, list-data.ts, sso-data.ts …): built on the primitives. */
function isDataObject(file: string): boolean {
  return /(?:^|[/-])data\.ts$/.test(file);
}

const importsOf = (text: string) => [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? m[2]!);

describe('the data port, measured (issue 27)', () => {
  it('reads the client’s sources', () => {
    expect(sources.size).toBeGreaterThan(300);
    expect(filesWhere(isScreen).length).toBeGreaterThan(100);
  });

  it('has no screen or component importing the transport, the store or Dexie', () => {
    const offenders = filesWhere(
      (file, text) => isScreen(file) && importsOf(text).some((spec) => /\/(?:api|offline|data)\/|^dexie/.test(spec)),
    );
    expect(offenders).toEqual([]);
  });

  it('decides whether a failure ended the session in one place', () => {
    const deciding = filesWhere((_file, text) => /isSessionExpired|SessionExpiredError|status\s*[!=]==\s*401/.test(text));
    // One rule (src/lib/session-end.ts), read by the API client (it signs out on a 401 to its own
    // token), the data port (it says so to screens) and the outbox (a replayed entry's 401 waits for a
    // new sign-in).
    expect(deciding).toEqual(['src/lib/session-end.ts']);
    const asking = filesWhere((file, text) => /\bendsSession\b/.test(text) && !file.startsWith('src/data/'));
    expect(asking).toEqual([]);
  });

  it('has no component that catches a failure and notifies it itself: device actions are commands too', () => {
    // The sync centre's actions (retry, discard, export, remove a municipality's copy) caught their
    // own errors until they became device commands (src/data/command.ts, command.device).
    const own = filesWhere((file, text) => file.endsWith('.tsx') && /\bcatch\s*\(/.test(text) && /\bnotifyError\(/.test(text));
    expect(own).toEqual([]);
  });

  it('has each entity and feature expose its reads and writes as one data object', () => {
    // A read or a write exported by its own name (`export const useX = query…`, `export const save = command…`,
    // `export function useY`) beside another: the module should gather them in its object (`followups = { … }`).
    const loose = (text: string) =>
      [...text.matchAll(/^export (?:const \w+ = (?:query|command)\.|(?:async )?function use[A-Z]\w*)/gm)].length;
    const scattered = filesWhere((file, text) => /^src\/(?:entities|features)\//.test(file) && isDataObject(file) && loose(text) > 1);
    expect(scattered).toEqual([]);
  });

  it('has no data object that catches and notifies a failure itself: its writes answer the command’s result', () => {
    // A private `write()` that caught, notified and resolved with null is what the evidence writes were.
    const own = filesWhere((file, text) => isDataObject(file) && /\bcatch\s*\(/.test(text) && /\bnotifyError\(/.test(text));
    expect(own).toEqual([]);
  });

  it('has no online write outside the data objects that triages its own failure', () => {
    const triaging = filesWhere(
      (file, text) =>
        !isBelowDataObjects(file) &&
        !isDataObject(file) &&
        /\bcatch\s*\(/.test(text) &&
        /\b(?:apiErrorMessage|apiErrorBody|httpStatusOf)\(/.test(text),
    );
    // The form flow reads a thrown failure only for the sign-in forms: no session exists there yet.
    expect(triaging).toEqual(['src/ui/form.ts']);
  });
});
