import { badgeRecipe } from '@chakra-theme/recipes/badge';
import { breadcrumbSlotRecipe } from '@chakra-theme/recipes/breadcrumb';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '@chakra-theme/recipes/checkmark';
import { dataListSlotRecipe } from '@chakra-theme/recipes/data-list';
import { fieldsetSlotRecipe } from '@chakra-theme/recipes/fieldset';
import { inputAddonRecipe } from '@chakra-theme/recipes/input-addon';
import { listSlotRecipe } from '@chakra-theme/recipes/list';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { progressSlotRecipe } from '@chakra-theme/recipes/progress';
import { skipNavLinkRecipe } from '@chakra-theme/recipes/skip-nav-link';
import { statSlotRecipe } from '@chakra-theme/recipes/stat';
import { switchSlotRecipe } from '@chakra-theme/recipes/switch';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { tabsSlotRecipe } from '@chakra-theme/recipes/tabs';
import { tooltipSlotRecipe } from '@chakra-theme/recipes/tooltip';
import { addRecipes } from './system.ts';

/**
 * The recipes of the signed-in frame and the lists past the signed-out pages (see theme-recipes.ts).
 * Importing this module adds them to the system; the signed-in frame, the public report pages and
 * the production-data warning import it before they render. A component used by one or two
 * modules that are not on every page (the date picker, the combobox and its tags, the dialog, the
 * drawer, the accordion, the header's menus, the member's avatar) brings its recipe with it instead (src/ui/late-recipes.ts): every page downloads this
 * file. The tabs' and the switch's stay here: each has two importers, and a recipe shared by two
 * screens became a common chunk that pulled Zag's machinery out of their files (the report form
 * downloaded 8 KB more). Chakra's recipes of components the app does not use are in neither.
 */
export const laterRecipes = {
  badge: badgeRecipe,
  checkmark: checkmarkRecipe,
  inputAddon: inputAddonRecipe,
  skipNavLink: skipNavLinkRecipe,
};

export const laterSlotRecipes = {
  breadcrumb: breadcrumbSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

addRecipes(laterRecipes, laterSlotRecipes);
