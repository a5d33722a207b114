import { accordionSlotRecipe } from '@chakra-theme/recipes/accordion';
import { avatarSlotRecipe } from '@chakra-theme/recipes/avatar';
import { badgeRecipe } from '@chakra-theme/recipes/badge';
import { breadcrumbSlotRecipe } from '@chakra-theme/recipes/breadcrumb';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '@chakra-theme/recipes/checkmark';
import { collapsibleSlotRecipe } from '@chakra-theme/recipes/collapsible';
import { comboboxSlotRecipe } from '@chakra-theme/recipes/combobox';
import { dataListSlotRecipe } from '@chakra-theme/recipes/data-list';
import { datePickerSlotRecipe } from '@chakra-theme/recipes/date-picker';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import { emptyStateSlotRecipe } from '@chakra-theme/recipes/empty-state';
import { fieldsetSlotRecipe } from '@chakra-theme/recipes/fieldset';
import { fileUploadSlotRecipe } from '@chakra-theme/recipes/file-upload';
import { inputAddonRecipe } from '@chakra-theme/recipes/input-addon';
import { listSlotRecipe } from '@chakra-theme/recipes/list';
import { menuSlotRecipe } from '@chakra-theme/recipes/menu';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { popoverSlotRecipe } from '@chakra-theme/recipes/popover';
import { progressCircleSlotRecipe } from '@chakra-theme/recipes/progress-circle';
import { progressSlotRecipe } from '@chakra-theme/recipes/progress';
import { radioGroupSlotRecipe } from '@chakra-theme/recipes/radio-group';
import { radiomarkRecipe } from '@chakra-theme/recipes/radiomark';
import { segmentGroupSlotRecipe } from '@chakra-theme/recipes/segment-group';
import { selectSlotRecipe } from '@chakra-theme/recipes/select';
import { separatorRecipe } from '@chakra-theme/recipes/separator';
import { skeletonRecipe } from '@chakra-theme/recipes/skeleton';
import { skipNavLinkRecipe } from '@chakra-theme/recipes/skip-nav-link';
import { statSlotRecipe } from '@chakra-theme/recipes/stat';
import { statusSlotRecipe } from '@chakra-theme/recipes/status';
import { stepsSlotRecipe } from '@chakra-theme/recipes/steps';
import { switchSlotRecipe } from '@chakra-theme/recipes/switch';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { tabsSlotRecipe } from '@chakra-theme/recipes/tabs';
import { tagSlotRecipe } from '@chakra-theme/recipes/tag';
import { tooltipSlotRecipe } from '@chakra-theme/recipes/tooltip';
import { addRecipes } from './system.ts';

/**
 * The recipes of everything past the signed-out pages (see theme-recipes.ts). Importing this
 * module adds them to the system; the signed-in frame, the public report pages and the
 * production-data warning import it before they render.
 */
export const laterRecipes = {
  badge: badgeRecipe,
  checkmark: checkmarkRecipe,
  inputAddon: inputAddonRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  skipNavLink: skipNavLinkRecipe,
};

export const laterSlotRecipes = {
  accordion: accordionSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  datePicker: datePickerSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  fileUpload: fileUploadSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  progressCircle: progressCircleSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  select: selectSlotRecipe,
  stat: statSlotRecipe,
  status: statusSlotRecipe,
  steps: stepsSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

addRecipes(laterRecipes, laterSlotRecipes);
