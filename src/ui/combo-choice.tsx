/**
 * What the combo's stand-in (combo.tsx) and its widget (combo-widget.tsx) share: the props, the
 * choice read from them, the chips that show it and the state the stand-in hands to the widget.
 * Both render the same chips with the same styles, so the widget's arrival moves nothing.
 */
import { tagSlotRecipe } from '@chakra-theme/recipes/tag';
import { comboboxSlotRecipe } from '@chakra-theme/recipes/combobox';
import { Tag, Text } from '@chakra-ui/react';
import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { capSelection, chipSummary, type ComboOption, type ComboValue } from './combo-logic.ts';
import { lateRecipes } from './late-recipes.ts';

// The stand-in draws its control with the combobox's recipe, and both draw the chips with the tag's
// (src/ui/late-recipes.ts): they come with the first combo a page renders, not with the frame.
lateRecipes({ slotRecipes: { combobox: comboboxSlotRecipe, tag: tagSlotRecipe } });

type ComboBaseProps<V extends ComboValue> = {
  label: string;
  options: ReadonlyArray<ComboOption<V>>;
  /** Shown when no option matches, e.g. "Nenhum Município retornado". */
  emptyText: string;
  placeholder?: string;
  required?: boolean;
  /** Shown under the field, announced with it and marking it invalid. */
  error?: string | undefined;
  helperText?: ReactNode;
  disabled?: boolean;
  /** Submitted with a native form (the selected values as strings). */
  name?: string;
  /** Keep the caller's order instead of sorting by label (e.g. ranges that have a natural order). */
  keepOrder?: boolean;
  /** The options are still arriving: the list says so instead of the empty text. */
  loading?: boolean;
};

export type SingleComboProps<V extends ComboValue> = ComboBaseProps<V> & {
  multiple?: false;
  value: V | null;
  onValueChange: (value: V | null) => void;
};

export type MultiComboProps<V extends ComboValue> = ComboBaseProps<V> & {
  multiple: true;
  value: readonly V[];
  onValueChange: (value: V[]) => void;
  /** Chips shown in the control before the rest collapse into a counter (spec §9: 1 or 2). */
  maxChips?: number;
  /** The counter reads "(+N eixos)" after the last chip instead of a "+N" badge. */
  overflowNoun?: { one: string; many: string };
  /** Once this many are chosen, the other options are disabled (spec §5: at most 5 axes). */
  maxSelected?: number;
};

export type ComboProps<V extends ComboValue> = SingleComboProps<V> | MultiComboProps<V>;

/** The current choice of a combo and the ways to change it that need no list. */
export type ComboChoice<V extends ComboValue> = {
  multiple: boolean;
  /** The chosen values as the list's keys (strings), in the order chosen. */
  selectedKeys: string[];
  selectedOptions: ReadonlyArray<ComboOption<V>>;
  /** Hands the values of these keys to the caller (capped for a multi-select). */
  emit: (keys: readonly string[]) => void;
  removeChoice: (key: string) => void;
  /** In a multi-select, Backspace in the empty input removes the last choice. */
  onInputKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** What the input shows when the user is not typing: the choice (single) or nothing (multi). */
  shownText: string;
};

export function useComboChoice<V extends ComboValue>(props: ComboProps<V>): ComboChoice<V> {
  const multiple = props.multiple === true;
  const byKey = useMemo(() => new Map(props.options.map((o) => [String(o.value), o])), [props.options]);
  const selectedKeys = useMemo(() => {
    if (props.multiple) return props.value.map(String);
    return props.value === null ? [] : [String(props.value)];
  }, [props.multiple, props.value]);
  const selectedOptions = useMemo(
    () => selectedKeys.map((key) => byKey.get(key)).filter((o): o is ComboOption<V> => o !== undefined),
    [selectedKeys, byKey],
  );

  function emit(keys: readonly string[]) {
    const values = keys.map((key) => byKey.get(key)?.value).filter((v): v is V => v !== undefined);
    if (props.multiple) props.onValueChange(capSelection(values, props.maxSelected));
    else props.onValueChange(values[0] ?? null);
  }

  function removeChoice(key: string) {
    emit(selectedKeys.filter((k) => k !== key));
  }

  return {
    multiple,
    selectedKeys,
    selectedOptions,
    emit,
    removeChoice,
    onInputKeyDown: (event) => {
      if (multiple && event.key === 'Backspace' && event.currentTarget.value === '' && selectedKeys.length > 0) {
        removeChoice(selectedKeys[selectedKeys.length - 1]);
      }
    },
    shownText: multiple ? '' : (selectedOptions[0]?.label ?? ''),
  };
}

/** The chips of a multi-select and the counter of the rest, inside the control; nothing for a single choice. */
export function ComboChips<V extends ComboValue>({ props, choice }: { props: ComboProps<V>; choice: ComboChoice<V> }) {
  if (!props.multiple) return null;
  const summary = chipSummary(choice.selectedOptions, props.maxChips ?? 1, props.overflowNoun);
  return (
    <>
      {summary.chips.map((option) => (
        <Tag.Root key={String(option.value)} size="md" variant="subtle" flexShrink={1} minW="0" maxW="60%">
          <Tag.Label truncate title={option.label}>
            {option.label}
          </Tag.Label>
          {!props.disabled && (
            <Tag.EndElement>
              {/* Out of the tab order: the list and Backspace already remove choices by keyboard. */}
              <Tag.CloseTrigger
                tabIndex={-1}
                aria-label={`Remover ${option.label}`}
                onClick={() => choice.removeChoice(String(option.value))}
              />
            </Tag.EndElement>
          )}
        </Tag.Root>
      ))}
      {summary.hidden > 0 &&
        (props.overflowNoun ? (
          <Text as="span" textStyle="sm" color="fg.muted" flexShrink={0} aria-hidden="true">
            {summary.counterText}
          </Text>
        ) : (
          <Tag.Root
            size="md"
            variant="outline"
            flexShrink={0}
            aria-hidden="true"
            title={choice.selectedOptions.map((o) => o.label).join(', ')}
          >
            <Tag.Label>{summary.counterText}</Tag.Label>
          </Tag.Root>
        ))}
    </>
  );
}

/** How the user asked for the list before the widget arrived, so it opens as the widget would have opened it. */
export type OpenIntent = 'press' | 'down' | 'up' | 'typed';

/** What the stand-in hands to the widget that replaces it: nothing typed or asked for is lost. */
export type Carried = {
  /** The text typed since the field was entered, or null when not searching. */
  typed: string | null;
  /** The stand-in had the focus: the widget's input takes it, the caret at the end. */
  focused: boolean;
  open: OpenIntent | null;
};

export const NOTHING_CARRIED: Carried = { typed: null, focused: false, open: null };

/**
 * In a multi-select the chips sit inside the field, so the control draws the box (border, focus
 * ring, error colour) and the input inside it is borderless.
 */
export const chipControlStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  minH: 'var(--combobox-input-height)',
  ps: '1.5',
  borderWidth: '1px',
  borderColor: 'border',
  rounded: 'l2',
  bg: 'transparent',
  _focusWithin: { borderColor: 'colorPalette.focusRing', outline: '1px solid', outlineColor: 'colorPalette.focusRing' },
  _invalid: { borderColor: 'border.error', _focusWithin: { outlineColor: 'border.error', borderColor: 'border.error' } },
  _disabled: { layerStyle: 'disabled' },
} as const;

export const chipInputStyle = {
  flex: '1',
  minW: '8ch',
  border: '0',
  ps: '1',
  minH: 'calc(var(--combobox-input-height) - 2px)',
  bg: 'transparent',
  _focusVisible: { outline: 'none', boxShadow: 'none' },
} as const;
