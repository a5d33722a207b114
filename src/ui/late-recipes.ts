import type { RecipeDefinition, SlotRecipeConfig } from '@chakra-ui/react';

/**
 * Recipes that join the running style system with the module that renders their component (issue
 * 32): the date picker's, the combobox's, the dialog's, the drawer's… are each used by one or two
 * modules, which load on demand or with the screens that need them, and the signed-in frame no
 * longer downloads them for every page (src/app/later-recipes.ts keeps the frame's own and the
 * lists').
 *
 * A module calls `lateRecipes` at its top level, so the recipe is in the system before anything
 * it exports renders: Chakra reads a component's recipe from the system when it first renders.
 * src/app/system.ts hands in how to add them (`setRecipeSink`); those asked for before that are
 * added then. tests/unit/chakra-recipes.test.ts holds every component to a recipe registered here,
 * in the file that imports it, or in the app's two lists.
 */

export type LateRecipes = { recipes?: Record<string, RecipeDefinition>; slotRecipes?: Record<string, SlotRecipeConfig> };

let sink: ((late: LateRecipes) => void) | null = null;
const waiting: LateRecipes[] = [];

export function lateRecipes(late: LateRecipes): void {
  if (sink) sink(late);
  else waiting.push(late);
}

/** Called once by the system's module. */
export function setRecipeSink(add: (late: LateRecipes) => void): void {
  sink = add;
  for (const late of waiting.splice(0)) add(late);
}
