import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { slotRecipes as allSlotRecipes, recipes as allRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it, vi } from 'vitest';

// The system picks the variant's colour from the address at import time, as it does in a browser.
vi.stubGlobal('window', { location: { host: 'localhost', search: '' } });
const { system } = await import('../../src/app/system.ts');
const { recipes: entryRecipes, slotRecipes: entrySlotRecipes } = await import('../../src/app/theme-recipes.ts');
const { laterRecipes, laterSlotRecipes } = await import('../../src/app/later-recipes.ts');

const SRC = path.resolve(import.meta.dirname, '../../src');
const recipes = { ...entryRecipes, ...laterRecipes };
const slotRecipes = { ...entrySlotRecipes, ...laterSlotRecipes };

/** Components styled by another component's recipe. */
const ALIASES: Record<string, string> = { IconButton: 'button', CloseButton: 'button', InputAddon: 'inputAddon', Code: 'code' };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function chakraNamesOf(file: string, names: Map<string, string>): void {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g)) {
    for (const raw of match[1]!.split(',')) {
      const name = raw
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name) names.set(name, file);
    }
  }
}

/** The recipe keys a file brings itself (src/ui/late-recipes.ts): `lateRecipes({ slotRecipes: { tabs: tabsSlotRecipe } })`. */
function lateKeysOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/lateRecipes\(([^;]*)\);/g)].flatMap((call) => [...call[1]!.matchAll(/(\w+): \w+Recipe\b/g)].map((m) => m[1]!));
}

/**
 * The names imported by what renders before later-recipes.ts is loaded: the entry and the
 * signed-out screens, following static (not type-only, not lazy) imports.
 */
function entryChakraNames(): Map<string, string> {
  const starts = [
    'main.tsx',
    'ui/toaster-view.tsx',
    ...readdirSync(path.join(SRC, 'features/auth/screens')).map((f) => `features/auth/screens/${f}`),
  ];
  const names = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    chakraNamesOf(file, names);
    for (const match of readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (existsSync(target)) visit(target);
    }
  };
  for (const start of starts) visit(path.join(SRC, start));
  // Type-only names inside braces (`type X`) are not components.
  for (const name of [...names.keys()]) if (/^type\s/.test(name)) names.delete(name);
  return names;
}

const lowerFirst = (name: string) => name[0]!.toLowerCase() + name.slice(1);

/** The recipe-backed components among `names` whose recipe is not in `keys`, with where they are imported. */
function missingRecipes(names: Map<string, string>, keys: readonly string[], hint: string): string[] {
  const allKeys = new Set([...Object.keys(allRecipes), ...Object.keys(allSlotRecipes)]);
  const present = new Set(keys);
  const missing: string[] = [];
  for (const [name, file] of names) {
    const key = ALIASES[name] ?? lowerFirst(name);
    // Names that are not recipe-backed components (Box, Stack, hooks, helpers) have no key at all.
    if (allKeys.has(key) && !present.has(key)) missing.push(`${name} (${file}): recipe "${key}" missing; ${hint}`);
  }
  return missing;
}

describe('the trimmed Chakra system', () => {
  it('has the recipe of every Chakra component the app imports, in its lists or brought by the importing file', () => {
    const ours = [...Object.keys(recipes), ...Object.keys(slotRecipes)];
    const missing = sourceFiles(SRC).flatMap((file) => {
      const names = new Map<string, string>();
      chakraNamesOf(file, names);
      return missingRecipes(names, [...ours, ...lateKeysOf(file)], 'add it to src/app/later-recipes.ts or bring it with lateRecipes');
    });
    expect(missing).toEqual([]);
  });

  it('adds the recipe a module brings when that module loads', async () => {
    expect(system.getSlotRecipe('datePicker')).toBeUndefined();
    await import('../../src/ui/date-calendar.tsx');
    expect(system.getSlotRecipe('datePicker')).toBe(allSlotRecipes.datePicker);
    expect(Object.keys(system.getSlotRecipeFn('datePicker')({}).root ?? {})).not.toHaveLength(0);
  });

  it('starts with the recipe of every Chakra component the entry and the signed-out pages import', () => {
    const entry = [...Object.keys(entryRecipes), ...Object.keys(entrySlotRecipes)];
    expect(missingRecipes(entryChakraNames(), entry, 'move it to src/app/theme-recipes.ts')).toEqual([]);
  });

  it('styles a component with a recipe added after the system was created', () => {
    // later-recipes.ts is imported above, as the signed-in frame imports it.
    expect(system.getSlotRecipe('table')).toBe(laterSlotRecipes.table);
    const table = system.getSlotRecipeFn('table');
    expect(table.classNameMap.root).toBe('chakra-table__root');
    expect(Object.keys(table({}).root ?? {})).not.toHaveLength(0);
  });

  it('only lists real Chakra recipes', () => {
    for (const key of Object.keys(recipes)) expect(Object.keys(allRecipes)).toContain(key);
    for (const key of Object.keys(slotRecipes)) expect(Object.keys(allSlotRecipes)).toContain(key);
  });
});
