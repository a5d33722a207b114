/**
 * `npm run check:migrations`: fails when a landed migration changed.
 *
 * drizzle's migrator applies every journal entry whose `when` is later than the last one a database
 * recorded, and never looks at an applied file again. So editing a landed `.sql` file silently
 * leaves existing databases without the edit, and changing a landed `when` makes them re-run it.
 * `server/db/migrations/lock.json` records, per landed migration, the SHA-256 of its file and its
 * journal `when`; this script compares them with the folder.
 *
 * `--update` appends the migrations that are not locked yet (after `npm run db:generate`) and never
 * rewrites the entry of one already locked: a change to a landed migration is a new migration.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type LockEntry = { sha256: string; when: number };
/** Keyed by migration tag (the file name without `.sql`), in journal order. */
export type Lock = Record<string, LockEntry>;

type Journal = { entries: { tag: string; when: number }[] };

export const defaultMigrationsFolder = fileURLToPath(new URL('../server/db/migrations', import.meta.url));
const UPDATE_HINT = 'npm run check:migrations -- --update';

const lockPath = (folder: string) => path.join(folder, 'lock.json');

function readLock(folder: string): Lock {
  try {
    return JSON.parse(readFileSync(lockPath(folder), 'utf8')) as Lock;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** What the folder holds now: every `.sql` file with its hash and its journal `when`. */
function currentState(folder: string): { files: Map<string, string>; journal: Map<string, number>; order: string[] } {
  const files = new Map<string, string>();
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.sql'))) {
    const tag = name.slice(0, -'.sql'.length);
    files.set(tag, createHash('sha256').update(readFileSync(path.join(folder, name))).digest('hex'));
  }
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return {
    files,
    journal: new Map(journal.entries.map((e) => [e.tag, e.when])),
    order: journal.entries.map((e) => e.tag),
  };
}

/** Problems found, in English for the developer; empty when every landed migration is untouched. */
export function checkMigrations(folder = defaultMigrationsFolder): string[] {
  const lock = readLock(folder);
  const { files, journal, order } = currentState(folder);
  const problems: string[] = [];
  for (const [tag, locked] of Object.entries(lock)) {
    const sha256 = files.get(tag);
    if (sha256 === undefined) problems.push(`${tag}.sql landed and was removed: restore it.`);
    else if (sha256 !== locked.sha256)
      problems.push(`${tag}.sql changed after it landed: restore it and put the change in a new migration.`);
    const when = journal.get(tag);
    if (when === undefined) problems.push(`${tag} landed and is missing from meta/_journal.json: restore its entry.`);
    else if (when !== locked.when)
      problems.push(`${tag}: its journal "when" changed from ${locked.when} to ${when}; databases would apply it again.`);
  }
  for (const tag of files.keys()) {
    if (!journal.has(tag)) problems.push(`${tag}.sql is not in meta/_journal.json: drizzle would never apply it.`);
  }
  const landedLast = Math.max(0, ...Object.values(lock).map((e) => e.when));
  for (const tag of order.filter((t) => !(t in lock))) {
    // A new migration dated before a landed one is skipped by every database already past it.
    if (journal.get(tag)! <= landedLast)
      problems.push(`${tag}: its journal "when" is not later than the last landed migration's; databases would skip it.`);
    else if (files.has(tag)) problems.push(`${tag}.sql is new and not locked: run \`${UPDATE_HINT}\` and commit lock.json.`);
  }
  return problems;
}

/** Locks the migrations not locked yet; returns their tags. Entries already locked stay as they are. */
export function updateLock(folder = defaultMigrationsFolder): string[] {
  const lock = readLock(folder);
  const { files, journal, order } = currentState(folder);
  const added: string[] = [];
  for (const tag of order) {
    const sha256 = files.get(tag);
    if (tag in lock || sha256 === undefined) continue;
    lock[tag] = { sha256, when: journal.get(tag)! };
    added.push(tag);
  }
  writeFileSync(lockPath(folder), `${JSON.stringify(lock, null, 2)}\n`);
  return added;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--update')) {
    const added = updateLock();
    console.log(added.length ? `lock.json: added ${added.join(', ')}` : 'lock.json: nothing new to lock');
  }
  const problems = checkMigrations();
  if (problems.length) {
    console.error(`Landed migrations are locked (server/db/migrations/lock.json):\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`migrations: ${Object.keys(readLock(defaultMigrationsFolder)).length} locked, none changed`);
}
