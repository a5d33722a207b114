import { alertSlotRecipe } from '@chakra-theme/recipes/alert';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { cardSlotRecipe } from '@chakra-theme/recipes/card';
import { containerRecipe } from '@chakra-theme/recipes/container';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { iconRecipe } from '@chakra-theme/recipes/icon';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { linkRecipe } from '@chakra-theme/recipes/link';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { toastSlotRecipe } from '@chakra-theme/recipes/toast';

/**
 * Chakra's default theme keeps only the recipes of the components this app uses, and the system
 * starts with just those of the entry and the signed-out pages (login, password links, cookie
 * notice, loading and error pages, notifications): the login page pays for nothing else.
 * The rest (later-recipes.ts) joins the system when a screen that needs them loads.
 * A component whose recipe is missing renders unstyled, so tests/unit/chakra-recipes.test.ts fails
 * when a file imports a Chakra component whose recipe is not listed in the right one of the two.
 */
export const recipes = {
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const slotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  field: fieldSlotRecipe,
  toast: toastSlotRecipe,
};
