import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkMigrations, defaultMigrationsFolder, updateLock } from '../../scripts/check-migrations.ts';

describe('check:migrations', () => {
  let folder: string;
  const lockOf = () => JSON.parse(readFileSync(path.join(folder, 'lock.json'), 'utf8')) as Record<string, { sha256: string; when: number }>;
  const journalPath = () => path.join(folder, 'meta', '_journal.json');
  const addJournalEntry = (tag: string, when: number) => {
    const journal = JSON.parse(readFileSync(journalPath(), 'utf8')) as { entries: object[] };
    journal.entries.push({ idx: journal.entries.length, version: '7', when, tag, breakpoints: true });
    writeFileSync(journalPath(), JSON.stringify(journal));
  };

  beforeEach(() => {
    folder = path.join(mkdtempSync(path.join(tmpdir(), 'ce-migrations-')), 'migrations');
    cpSync(defaultMigrationsFolder, folder, { recursive: true });
  });
  afterEach(() => rmSync(path.dirname(folder), { recursive: true, force: true }));

  it('passes on the committed migrations', () => {
    expect(checkMigrations(defaultMigrationsFolder)).toEqual([]);
    expect(checkMigrations(folder)).toEqual([]);
  });

  it('fails when a landed migration file changes, and --update does not accept the change', () => {
    appendFileSync(path.join(folder, '0000_init.sql'), '\nALTER TABLE "tenant" ADD COLUMN "x" text;');
    const before = lockOf();
    expect(checkMigrations(folder)).toEqual([expect.stringContaining('0000_init.sql changed after it landed')]);
    expect(updateLock(folder)).toEqual([]);
    expect(lockOf()).toEqual(before);
    expect(checkMigrations(folder)).toHaveLength(1);
  });

  it('fails when a landed migration is removed or its journal date moves', () => {
    rmSync(path.join(folder, '0001_session-version-triggers.sql'));
    const journal = readFileSync(journalPath(), 'utf8');
    const landed = lockOf()['0000_init']!.when;
    writeFileSync(journalPath(), journal.replace(String(landed), String(landed + 1)));
    expect(checkMigrations(folder)).toEqual([
      expect.stringContaining('0000_init: its journal "when" changed'),
      expect.stringContaining('0001_session-version-triggers.sql landed and was removed'),
    ]);
  });

  it('asks to lock a new migration, and --update appends it', () => {
    const last = Math.max(...Object.values(lockOf()).map((e) => e.when));
    writeFileSync(path.join(folder, '9999_new.sql'), 'SELECT 1;');
    addJournalEntry('9999_new', last + 1);
    expect(checkMigrations(folder)).toEqual([expect.stringContaining('9999_new.sql is new and not locked')]);
    expect(updateLock(folder)).toEqual(['9999_new']);
    expect(lockOf()['9999_new']).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), when: last + 1 });
    expect(checkMigrations(folder)).toEqual([]);
  });

  it('fails on a new migration dated before the last landed one (databases would skip it)', () => {
    writeFileSync(path.join(folder, '9999_new.sql'), 'SELECT 1;');
    addJournalEntry('9999_new', lockOf()['0000_init']!.when + 1);
    expect(checkMigrations(folder)).toEqual([expect.stringContaining('not later than the last landed')]);
  });
});
