import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { currentVariant } from '../session/variant.ts';
import { recipes, slotRecipes } from './theme-recipes.ts';

/** The primary colour is the variant's Chakra palette; `brand` stays available for the product's own blue. */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: currentVariant().variant.colorPalette },
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
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, themeConfig), config);
