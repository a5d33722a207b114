import { tagSlotRecipe } from '@chakra-theme/recipes/tag';
import { comboboxSlotRecipe } from '@chakra-theme/recipes/combobox';
import { lateRecipes } from './late-recipes.ts';
import { Box, Combobox, createListCollection, Portal, Tag, Text, VisuallyHidden } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  capSelection,
  chipSummary,
  filterOptions,
  isCapped,
  selectionDescription,
  sortOptions,
  type ComboOption,
  type ComboValue,
} from './combo-logic.ts';
import { shouldVirtualize } from './table-logic.ts';
import { FieldFrame, useFieldDescription } from './text-field.tsx';

// This module's Chakra components bring their recipes (src/ui/late-recipes.ts).
lateRecipes({ slotRecipes: { combobox: comboboxSlotRecipe, tag: tagSlotRecipe } });

export type { ComboOption, ComboValue } from './combo-logic.ts';

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

/** Long option lists (all municipalities of a state) render only the options in view. */
const VIRTUALIZE_OPTIONS_ABOVE = 100;
const OPTION_HEIGHT = 32;

/**
 * A searchable choice of one or many options (Chakra/Ark Combobox: listbox semantics, arrow keys,
 * Enter, Escape). Options are sorted and filtered ignoring accents and case (spec §1). A
 * multi-select shows at most `maxChips` chips and a counter for the rest; Backspace in the empty
 * input removes the last choice, and every choice can be toggled from the list.
 */
export function Combo<V extends ComboValue>(props: ComboProps<V>) {
  const { label, options, emptyText, placeholder, required, error, helperText, disabled, name, keepOrder, loading } = props;
  const multiple = props.multiple === true;
  const maxSelected = props.multiple ? props.maxSelected : undefined;
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  const summaryId = useId();
  // What the user is typing, or null when not typing: the input then shows the choice (single) or
  // nothing (multi), so a search abandoned with Escape or a click away never looks like a value.
  const [typed, setTyped] = useState<string | null>(null);
  const query = typed ?? '';
  // State, not a ref: the list mounts lazily inside a portal, and the virtualizer must re-render to find it.
  const [contentEl, setContentEl] = useState<HTMLDivElement | null>(null);

  const ordered = useMemo(() => (keepOrder ? [...options] : sortOptions(options)), [options, keepOrder]);
  const byKey = useMemo(() => new Map(ordered.map((o) => [String(o.value), o])), [ordered]);
  const selectedKeys = useMemo(() => {
    if (props.multiple) return props.value.map(String);
    return props.value === null ? [] : [String(props.value)];
  }, [props.multiple, props.value]);
  const selectedOptions = useMemo(
    () => selectedKeys.map((key) => byKey.get(key)).filter((o): o is ComboOption<V> => o !== undefined),
    [selectedKeys, byKey],
  );

  const filtered = useMemo(() => filterOptions(ordered, query), [ordered, query]);
  const capped = multiple && isCapped(selectedKeys.length, maxSelected);
  const collection = useMemo(() => {
    const chosen = new Set(selectedKeys);
    return createListCollection({
      items: filtered,
      itemToValue: (o) => String(o.value),
      itemToString: (o) => o.label,
      isItemDisabled: (o) => Boolean(o.disabled) || (capped && !chosen.has(String(o.value))),
    });
  }, [filtered, capped, selectedKeys]);

  const virtual = shouldVirtualize(filtered.length, VIRTUALIZE_OPTIONS_ABOVE);
  // TanStack's virtualizer returns fresh functions each render by design; nothing here memoises around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? filtered.length : 0,
    enabled: virtual,
    getScrollElement: () => contentEl,
    // The list is at most 24rem high; render that much before the first measurement.
    initialRect: { width: 0, height: 384 },
    estimateSize: () => OPTION_HEIGHT,
    overscan: 8,
  });

  function emit(keys: readonly string[]) {
    const values = keys.map((key) => byKey.get(key)?.value).filter((v): v is V => v !== undefined);
    if (props.multiple) props.onValueChange(capSelection(values, props.maxSelected));
    else props.onValueChange(values[0] ?? null);
  }

  function removeChoice(key: string) {
    emit(selectedKeys.filter((k) => k !== key));
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (multiple && event.key === 'Backspace' && event.currentTarget.value === '' && selectedKeys.length > 0) {
      removeChoice(selectedKeys[selectedKeys.length - 1]);
    }
  }

  const summary = props.multiple ? chipSummary(selectedOptions, props.maxChips ?? 1, props.overflowNoun) : null;
  const spoken = multiple ? selectionDescription(selectedOptions.map((o) => o.label)) : '';
  const inputDescribedBy = [describedBy, spoken ? summaryId : null].filter(Boolean).join(' ') || undefined;

  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required} ids={ids}>
      <Combobox.Root
        collection={collection}
        value={selectedKeys}
        onValueChange={(details) => {
          setTyped(null);
          emit(details.value);
        }}
        inputValue={typed ?? (multiple ? '' : (selectedOptions[0]?.label ?? ''))}
        onInputValueChange={(details) => setTyped(details.reason === 'input-change' ? details.inputValue : null)}
        onOpenChange={(details) => {
          if (!details.open) setTyped(null);
        }}
        multiple={multiple}
        disabled={disabled}
        name={name}
        openOnClick
        inputBehavior="autohighlight"
        lazyMount
        unmountOnExit
        positioning={{ sameWidth: true }}
        translations={{ triggerLabel: 'Mostrar opções', clearTriggerLabel: 'Limpar seleção' }}
        scrollToIndexFn={
          virtual
            ? (details) => {
                flushSync(() => virtualizer.scrollToIndex(details.index, { align: 'auto' }));
              }
            : undefined
        }
      >
        <Combobox.Control {...(multiple ? chipControlStyle : {})}>
          {summary && (
            <>
              {summary.chips.map((option) => (
                <Tag.Root key={String(option.value)} size="md" variant="subtle" flexShrink={1} minW="0" maxW="60%">
                  <Tag.Label truncate title={option.label}>
                    {option.label}
                  </Tag.Label>
                  {!disabled && (
                    <Tag.EndElement>
                      {/* Out of the tab order: the list and Backspace already remove choices by keyboard. */}
                      <Tag.CloseTrigger
                        tabIndex={-1}
                        aria-label={`Remover ${option.label}`}
                        onClick={() => removeChoice(String(option.value))}
                      />
                    </Tag.EndElement>
                  )}
                </Tag.Root>
              ))}
              {summary.hidden > 0 &&
                (props.multiple && props.overflowNoun ? (
                  <Text as="span" textStyle="sm" color="fg.muted" flexShrink={0} aria-hidden="true">
                    {summary.counterText}
                  </Text>
                ) : (
                  <Tag.Root
                    size="md"
                    variant="outline"
                    flexShrink={0}
                    aria-hidden="true"
                    title={selectedOptions.map((o) => o.label).join(', ')}
                  >
                    <Tag.Label>{summary.counterText}</Tag.Label>
                  </Tag.Root>
                ))}
            </>
          )}
          <Combobox.Input
            placeholder={multiple && selectedKeys.length > 0 ? undefined : placeholder}
            aria-describedby={inputDescribedBy}
            onKeyDown={onInputKeyDown}
            {...(multiple ? chipInputStyle : {})}
          />
          <Combobox.IndicatorGroup>
            {!multiple && <Combobox.ClearTrigger />}
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        {spoken && (
          <VisuallyHidden id={summaryId} aria-hidden="true">
            {spoken}
          </VisuallyHidden>
        )}
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content ref={setContentEl}>
              {loading ? (
                <Box py="1.5" px="2" color="fg.muted" role="status">
                  Carregando…
                </Box>
              ) : (
                <Combobox.Empty color="fg.muted">{emptyText}</Combobox.Empty>
              )}
              {virtual ? (
                <Box position="relative" width="full" flexShrink={0} style={{ height: virtualizer.getTotalSize() }}>
                  {virtualizer.getVirtualItems().map((row) => {
                    const option = filtered[row.index];
                    return (
                      <Combobox.Item
                        key={String(option.value)}
                        item={option}
                        position="absolute"
                        top="0"
                        insetInline="0"
                        style={{ height: row.size, transform: `translateY(${row.start}px)` }}
                      >
                        <Combobox.ItemText truncate title={option.label}>
                          {option.label}
                        </Combobox.ItemText>
                        <Combobox.ItemIndicator />
                      </Combobox.Item>
                    );
                  })}
                </Box>
              ) : (
                filtered.map((option) => (
                  <Combobox.Item key={String(option.value)} item={option}>
                    <Combobox.ItemText>{option.label}</Combobox.ItemText>
                    <Combobox.ItemIndicator />
                  </Combobox.Item>
                ))
              )}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
    </FieldFrame>
  );
}

/**
 * In a multi-select the chips sit inside the field, so the control draws the box (border, focus
 * ring, error colour) and the input inside it is borderless.
 */
const chipControlStyle = {
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

const chipInputStyle = {
  flex: '1',
  minW: '8ch',
  border: '0',
  ps: '1',
  minH: 'calc(var(--combobox-input-height) - 2px)',
  bg: 'transparent',
  _focusVisible: { outline: 'none', boxShadow: 'none' },
} as const;
