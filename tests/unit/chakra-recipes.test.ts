import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { slotRecipes as allSlotRecipes, recipes as allRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from '../../src/app/theme-recipes.ts';

/** Components styled by another component's recipe. */
const ALIASES: Record<string, string> = { IconButton: 'button', CloseButton: 'button', InputAddon: 'inputAddon', Code: 'code' };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every name imported from '@chakra-ui/react' anywhere in src/. */
function importedChakraNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sourceFiles(path.resolve(import.meta.dirname, '../../src'))) {
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
  return names;
}

const lowerFirst = (name: string) => name[0]!.toLowerCase() + name.slice(1);

describe('the trimmed Chakra system', () => {
  it('has the recipe of every Chakra component the app imports', () => {
    const allKeys = new Set([...Object.keys(allRecipes), ...Object.keys(allSlotRecipes)]);
    const ours = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);
    const missing: string[] = [];
    for (const [name, file] of importedChakraNames()) {
      const key = ALIASES[name] ?? lowerFirst(name);
      // Names that are not recipe-backed components (Box, Stack, hooks, helpers) have no key at all.
      if (allKeys.has(key) && !ours.has(key)) missing.push(`${name} (${file}) → add "${key}" to src/app/theme-recipes.ts`);
    }
    expect(missing).toEqual([]);
  });

  it('only lists real Chakra recipes', () => {
    for (const key of Object.keys(recipes)) expect(Object.keys(allRecipes)).toContain(key);
    for (const key of Object.keys(slotRecipes)) expect(Object.keys(allSlotRecipes)).toContain(key);
  });
});
