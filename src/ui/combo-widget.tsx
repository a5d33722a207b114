import { comboboxSlotRecipe } from '@chakra-theme/recipes/combobox';
import { lateRecipes } from './late-recipes.ts';
import { Box, Combobox, createListCollection, Portal } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { chipControlStyle, chipInputStyle, type Carried, type ComboChoice, type ComboProps } from './combo-choice.tsx';
import { filterOptions, isCapped, sortOptions, type ComboValue } from './combo-logic.ts';
import { shouldVirtualize } from './table-logic.ts';

// Registered by combo-choice.tsx before any combo renders; named here too, as every file that
// renders a recipe's component names its recipe (tests/unit/chakra-recipes.test.ts).
lateRecipes({ slotRecipes: { combobox: comboboxSlotRecipe } });

/** Long option lists (all municipalities of a state) render only the options in view. */
const VIRTUALIZE_OPTIONS_ABOVE = 100;
const OPTION_HEIGHT = 32;

export type ComboWidgetProps<V extends ComboValue> = {
  props: ComboProps<V>;
  choice: ComboChoice<V>;
  /** The field's helper and error texts and, for a multi-select, the spoken list of choices. */
  describedBy: string | undefined;
  /** The chips of a multi-select (combo-choice.tsx), drawn inside the control. */
  chips: ReactNode;
  /** What the stand-in held when this replaced it; read once, on mount. */
  carried: Carried;
};

/**
 * The combo's list (Chakra/Ark Combobox: listbox semantics, arrow keys, Enter, Escape), downloaded
 * with Zag's combobox machine and the popper when a combo is first used or once the page has
 * settled (combo.tsx). It takes the stand-in's place with what the stand-in held: the text typed
 * (the list opens filtered by it), the focus, and the list open if the user had asked for it.
 */
export function ComboWidget<V extends ComboValue>({ props, choice, describedBy, chips, carried }: ComboWidgetProps<V>) {
  const { options, emptyText, placeholder, disabled, name, keepOrder, loading } = props;
  const { multiple, selectedKeys } = choice;
  const maxSelected = props.multiple ? props.maxSelected : undefined;
  // What the user is typing, or null when not typing: the input then shows the choice (single) or
  // nothing (multi), so a search abandoned with Escape or a click away never looks like a value.
  const [typed, setTyped] = useState<string | null>(carried.typed);
  const query = typed ?? '';
  // State, not a ref: the list mounts lazily inside a portal, and the virtualizer must re-render to find it.
  const [contentEl, setContentEl] = useState<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const ordered = useMemo(() => (keepOrder ? [...options] : sortOptions(options)), [options, keepOrder]);
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

  // The list the user asked for before this arrived opens at once, with the option Zag would have
  // highlighted for that gesture: a press the first choice, ↓ / ↑ the first choice or the first /
  // last option, typed text its first match.
  const [opening] = useState(() => {
    const chosen = collection.sort(selectedKeys)[0] ?? null;
    switch (carried.open) {
      case 'press':
        return { open: true, highlighted: chosen };
      case 'down':
        return { open: true, highlighted: chosen ?? collection.firstValue };
      case 'up':
        return { open: true, highlighted: chosen ?? collection.lastValue };
      case 'typed':
        return { open: true, highlighted: query.trim() === '' ? null : collection.firstValue };
      default:
        return { open: false, highlighted: null };
    }
  });

  useLayoutEffect(() => {
    const element = input.current;
    if (!carried.focused || !element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
    // Once, on mount: the stand-in's focus moves here as this replaces it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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

  return (
    <Combobox.Root
      collection={collection}
      value={selectedKeys}
      onValueChange={(details) => {
        setTyped(null);
        choice.emit(details.value);
      }}
      inputValue={typed ?? choice.shownText}
      onInputValueChange={(details) => setTyped(details.reason === 'input-change' ? details.inputValue : null)}
      onOpenChange={(details) => {
        if (!details.open) setTyped(null);
      }}
      defaultOpen={opening.open}
      defaultHighlightedValue={opening.highlighted}
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
        {chips}
        <Combobox.Input
          ref={input}
          placeholder={multiple && selectedKeys.length > 0 ? undefined : placeholder}
          aria-describedby={describedBy}
          onKeyDown={choice.onInputKeyDown}
          {...(multiple ? chipInputStyle : {})}
        />
        <Combobox.IndicatorGroup>
          {!multiple && <Combobox.ClearTrigger />}
          <Combobox.Trigger />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
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
  );
}
