import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import { baseTheme } from './theme-base.ts';
import { currentVariant } from '../session/variant.ts';
import { recipes, slotRecipes } from './theme-recipes.ts';
import { setRecipeSink } from '../ui/late-recipes.ts';

/** The primary colour is the variant's Chakra palette; `brand` stays available for the product's own blue. */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: currentVariant().variant.colorPalette },
    // Printing a page (the action plan's Imprimir) prints the page, not the app around it: the
    // header, menus, breadcrumb, city tabs and footer go, and so do buttons (nothing to press on
    // paper) and whatever a screen marks data-print-hidden (its back link).
    'header, footer, nav, button, [data-print-hidden]': { _print: { display: 'none !important' } },
    // A value of a data list beside its label gets what is left of a 360 px screen: a long word (a
    // meeting called "Agentes de Desenvolvimento") breaks inside the value instead of widening the page.
    dd: { overflowWrap: 'anywhere' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eaf2fb' },
          100: { value: '#cadef4' },
          200: { value: '#9fc3ea' },
          300: { value: '#6ea3dd' },
          400: { value: '#3d83cf' },
          500: { value: '#1a68bd' },
          600: { value: '#0b56a8' },
          700: { value: '#09468a' },
          800: { value: '#08376c' },
          900: { value: '#062a52' },
          950: { value: '#041b36' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's default error red is below 4.5:1 on white for the small text of field errors.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        // Chakra's green.600 under white text (a pressed Sim, a solid green badge) is 3.3:1; green.700 is 5.0:1 and still green.
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: '{colors.white}' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

/** Chakra's default theme with the trimmed recipe set of theme-recipes.ts, then the product's own tokens. */
const themeConfig = defineConfig({ ...baseTheme, theme: { ...baseTheme.theme, recipes, slotRecipes } });

export const system = createSystem(mergeConfigs(defaultBaseConfig, themeConfig), config);

type Recipes = NonNullable<NonNullable<typeof themeConfig.theme>['recipes']>;
type SlotRecipes = NonNullable<NonNullable<typeof themeConfig.theme>['slotRecipes']>;

/**
 * Adds recipes to the running system (later-recipes.ts). Chakra looks a component's recipe up in
 * the system's theme when the component first renders, so a recipe added before that styles it as
 * if it had been there from the start; tests/unit/chakra-recipes.test.ts holds Chakra to that.
 */
export function addRecipes(recipes: Recipes, slotRecipes: SlotRecipes): void {
  const theme = system._config.theme;
  if (!theme) throw new Error('O sistema de estilos não tem tema.');
  theme.recipes = Object.assign(theme.recipes ?? {}, recipes);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, slotRecipes);
}

// The recipes a ui module or a screen brings with it (src/ui/late-recipes.ts).
setRecipeSink(({ recipes: own = {}, slotRecipes: ownSlots = {} }) => addRecipes(own as Recipes, ownSlots as SlotRecipes));
