import { chakra, createSlotRecipeContext, Text, useFieldContext, VisuallyHidden, type HTMLChakraProps } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import {
  chipControlStyle,
  chipInputStyle,
  ComboChips,
  NOTHING_CARRIED,
  useComboChoice,
  type Carried,
  type ComboChoice,
  type ComboProps,
  type OpenIntent,
} from './combo-choice.tsx';
import { selectionDescription, type ComboValue } from './combo-logic.ts';
import type { ComboWidget } from './combo-widget.tsx';
import { onDemand, useOnDemand, warmWhenSettled, type OnDemand } from './on-demand.ts';
import { FieldFrame, useFieldDescription } from './text-field.tsx';

export type { ComboOption, ComboValue } from './combo-logic.ts';
export type { ComboProps, MultiComboProps, SingleComboProps } from './combo-choice.tsx';

type Widget = { ComboWidget: typeof ComboWidget };

/**
 * The combo whose widget is downloaded by `load` (exported for its test; the app uses `Combo`). The
 * widget, once here, serves every combo of the page: those already shown take it at once.
 */
export function comboLater(load: () => Promise<Widget>) {
  let arrived: Widget | null = null;
  const arrivalListeners = new Set<() => void>();
  const loadWidget = onDemand(async () => {
    const widget = await load();
    arrived = widget;
    for (const tell of arrivalListeners) tell();
    return widget;
  });
  // Fetched anyway once the page has settled: a combo first used later (offline too) finds it here.
  const warmWidget = warmWhenSettled(loadWidget);
  const onArrival = (tell: () => void) => {
    arrivalListeners.add(tell);
    return () => void arrivalListeners.delete(tell);
  };

  /**
   * A searchable choice of one or many options (Chakra/Ark Combobox: listbox semantics, arrow keys,
   * Enter, Escape). Options are sorted and filtered ignoring accents and case (spec §1). A
   * multi-select shows at most `maxChips` chips and a counter for the rest; Backspace in the empty
   * input removes the last choice, and every choice can be toggled from the list.
   *
   * Issue 32: the list's code (Zag's combobox and the popper, combo-widget.tsx) is not downloaded
   * with the page. Until it arrives the field is a stand-in that looks the same and takes the
   * focus, typing and the chips' removal; its first focus, press or key asks for the widget, which
   * is also fetched once the page has settled. The widget then takes its place with what was
   * typed, the focus, and the list open if the user had asked for it.
   */
  return function Combo<V extends ComboValue>(props: ComboProps<V>) {
    const { label, error, helperText, required } = props;
    const { ids, describedBy } = useFieldDescription({ error, helperText });
    const summaryId = useId();
    const choice = useComboChoice(props);
    const widget = useOnDemand(loadWidget);
    const Widget = useSyncExternalStore(onArrival, () => arrived)?.ComboWidget;
    const [carried, setCarried] = useState<Carried>(NOTHING_CARRIED);
    useEffect(warmWidget, []);

    const spoken = choice.multiple ? selectionDescription(choice.selectedOptions.map((o) => o.label)) : '';
    const inputDescribedBy = [describedBy, spoken ? summaryId : null].filter(Boolean).join(' ') || undefined;
    const chips = <ComboChips props={props} choice={choice} />;

    return (
      <FieldFrame label={label} error={error} helperText={helperText} required={required} ids={ids}>
        {Widget ? (
          <Widget props={props} choice={choice} describedBy={inputDescribedBy} chips={chips} carried={carried} />
        ) : (
          <ComboStandIn
            props={props}
            choice={choice}
            describedBy={inputDescribedBy}
            chips={chips}
            carried={carried}
            setCarried={setCarried}
            widget={widget}
          />
        )}
        {spoken && (
          <VisuallyHidden id={summaryId} aria-hidden="true">
            {spoken}
          </VisuallyHidden>
        )}
      </FieldFrame>
    );
  };
}

/** The app's one combo; its widget (Zag's combobox, its collection and the popper: about 34 KB brotli) is one download for all. */
export const Combo = comboLater(() => import('./combo-widget.tsx'));

// The stand-in's parts take the combobox recipe's slots, so they have the widget's classes and size.
const { withProvider, withContext } = createSlotRecipeContext({ key: 'combobox' });
const Root = withProvider<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'root');
const Control = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'control');
const Input = withContext<HTMLInputElement, HTMLChakraProps<'input'>>('input', 'input');
const IndicatorGroup = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'indicatorGroup');
const Trigger = withContext<HTMLButtonElement, HTMLChakraProps<'button'>>('button', 'trigger');
const ClearTrigger = withContext<HTMLButtonElement, HTMLChakraProps<'button'>>('button', 'clearTrigger');

/** The keys with which Zag's input opens its list, and what each highlights. */
const OPENING_KEYS: Record<string, OpenIntent> = { ArrowDown: 'down', ArrowUp: 'up' };

type StandInProps<V extends ComboValue> = {
  props: ComboProps<V>;
  choice: ComboChoice<V>;
  describedBy: string | undefined;
  chips: ReactNode;
  carried: Carried;
  setCarried: (change: (carried: Carried) => Carried) => void;
  widget: OnDemand<Widget>;
};

/**
 * The combo before its widget arrives: a real input with the field's label, id, description,
 * required and invalid state, the combobox role, and the chosen option as its text. What the user
 * does here is kept (`carried`) for the widget: the text typed, the focus, a press or an arrow key
 * that would have opened the list. A failed download says so; the next focus, press or arrow key
 * asks again.
 */
function ComboStandIn<V extends ComboValue>({ props, choice, describedBy, chips, carried, setCarried, widget }: StandInProps<V>) {
  const { placeholder, disabled, name } = props;
  const { multiple, selectedKeys } = choice;
  const field = useFieldContext();
  const invalid = field?.invalid ? '' : undefined;
  const input = useRef<HTMLInputElement>(null);

  const ask = () => {
    if (!widget.loading) widget.request();
  };
  const want = (open: OpenIntent) => setCarried((c) => ({ ...c, open }));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    choice.onInputKeyDown(event);
    const opening = OPENING_KEYS[event.key];
    if (opening) {
      event.preventDefault();
      want(opening);
    } else if (event.key === 'Escape') {
      setCarried((c) => ({ ...c, typed: null, open: null }));
    } else if (event.key === 'Enter' && carried.open) {
      // The list would be open: Enter is meant for it, not for submitting the form.
      event.preventDefault();
    }
    // Typing goes on while the widget downloads; after a failure only a gesture that opens the list asks again.
    if (!widget.failed || opening || event.key === 'Enter') ask();
  }

  return (
    <>
      <Root data-scope="combobox" data-part="root" data-invalid={invalid}>
        <Control
          data-scope="combobox"
          data-part="control"
          data-state="closed"
          data-invalid={invalid}
          data-disabled={disabled ? '' : undefined}
          {...(multiple ? chipControlStyle : {})}
        >
          {chips}
          <Input
            ref={input}
            id={field?.ids.control}
            type="text"
            name={name}
            value={carried.typed ?? choice.shownText}
            placeholder={multiple && selectedKeys.length > 0 ? undefined : placeholder}
            disabled={disabled}
            required={field?.required}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={false}
            aria-invalid={field?.invalid || undefined}
            aria-describedby={describedBy}
            data-scope="combobox"
            data-part="input"
            data-state="closed"
            data-invalid={invalid}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="none"
            spellCheck={false}
            {...(multiple ? chipInputStyle : {})}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              setCarried((c) => ({ ...c, typed, open: 'typed' }));
            }}
            onFocus={() => {
              setCarried((c) => ({ ...c, focused: true }));
              ask();
            }}
            onBlur={() => setCarried(() => NOTHING_CARRIED)}
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              want('press');
              ask();
            }}
            onKeyDown={onKeyDown}
          />
          <IndicatorGroup>
            {!multiple && (
              <ClearTrigger
                type="button"
                tabIndex={-1}
                aria-label="Limpar seleção"
                hidden={selectedKeys.length === 0}
                disabled={disabled}
                data-scope="combobox"
                data-part="clear-trigger"
                data-invalid={invalid}
                onPointerDown={keepFocus}
                onClick={() => {
                  choice.emit([]);
                  input.current?.focus();
                }}
              >
                <chakra.svg viewBox="0 0 24 24" fill="currentColor">
                  <path fillRule="evenodd" clipRule="evenodd" d={CLOSE_PATH} />
                </chakra.svg>
              </ClearTrigger>
            )}
            <Trigger
              type="button"
              tabIndex={-1}
              aria-label="Mostrar opções"
              aria-haspopup="listbox"
              aria-expanded={false}
              disabled={disabled}
              data-scope="combobox"
              data-part="trigger"
              data-state="closed"
              data-invalid={invalid}
              data-disabled={disabled ? '' : undefined}
              onPointerDown={(event) => {
                if (event.pointerType !== 'touch') keepFocus(event);
              }}
              onClick={() => {
                input.current?.focus();
                want('press');
                ask();
              }}
            >
              <chakra.svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="m6 9 6 6 6-6" />
              </chakra.svg>
            </Trigger>
          </IndicatorGroup>
        </Control>
      </Root>
      {widget.failed && (
        <Text role="alert" textStyle="sm" color="fg.error">
          Não foi possível abrir a lista de opções. Verifique a conexão e tente de novo.
        </Text>
      )}
    </>
  );
}

/** A press on the field's buttons leaves the focus (and what was typed) in the input, as Zag's buttons do. */
function keepFocus(event: PointerEvent<HTMLButtonElement>) {
  if (event.button === 0) event.preventDefault();
}

/** Chakra's close icon, as the widget's clear button draws it. */
const CLOSE_PATH =
  'M18.7071 6.70711C19.0976 6.31658 19.0976 5.68342 18.7071 5.29289C18.3166 4.90237 17.6834 4.90237 17.2929 5.29289L12 10.5858L6.70711 5.29289C6.31658 4.90237 5.68342 4.90237 5.29289 5.29289C4.90237 5.68342 4.90237 6.31658 5.29289 6.70711L10.5858 12L5.29289 17.2929C4.90237 17.6834 4.90237 18.3166 5.29289 18.7071C5.68342 19.0976 6.31658 19.0976 6.70711 18.7071L12 13.4142L17.2929 18.7071C17.6834 19.0976 18.3166 19.0976 18.7071 18.7071C19.0976 18.3166 19.0976 17.6834 18.7071 17.2929L13.4142 12L18.7071 6.70711Z';
