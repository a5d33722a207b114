import { chakra, createSlotRecipeContext, Text, useFieldContext, VisuallyHidden, type HTMLChakraProps } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
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
 * The combo whose widget is downloaded by `load` (exported for its test; the app uses `Combo`).
 * Once the widget is here, a combo shown from then on is the widget from its first render.
 */
export function comboLater(load: () => Promise<Widget>) {
  let arrived: Widget | null = null;
  const loadWidget = onDemand(async () => {
    const widget = await load();
    arrived = widget;
    return widget;
  });
  // Fetched anyway once the page has settled: a combo first used later (offline too) finds it here.
  const warmWidget = warmWhenSettled(loadWidget);

  /**
   * A searchable choice of one or many options (Chakra/Ark Combobox: listbox semantics, arrow keys,
   * Enter, Escape). Options are sorted and filtered ignoring accents and case (spec §1). A
   * multi-select shows at most `maxChips` chips and a counter for the rest; Backspace in the empty
   * input removes the last choice, and every choice can be toggled from the list.
   *
   * Issue 32: the list's code (Zag's combobox and the popper, combo-widget.tsx) is not downloaded
   * with the page. A combo shown before it arrives is a stand-in that looks the same and takes the
   * focus, typing and the chips' removal. Focusing it starts the download (as does the page once
   * settled); its first press, text typed or ↓ / ↑ asks for the widget, which then takes its place
   * with what was typed, the focus, and the list open if the user had asked for it. Only the user's
   * own gesture swaps a field: one merely focused (Tab, a form pointing at its error) stays as it
   * is until used.
   */
  return function Combo<V extends ComboValue>(props: ComboProps<V>) {
    const { label, error, helperText, required } = props;
    const { ids, describedBy } = useFieldDescription({ error, helperText });
    const summaryId = useId();
    const choice = useComboChoice(props);
    const widget = useOnDemand(loadWidget);
    const [arrivedFirst] = useState(() => arrived);
    const Widget = (widget.module ?? arrivedFirst)?.ComboWidget;
    const [carried, setCarried] = useState<Carried>(NOTHING_CARRIED);
    // A press that began on the stand-in ends on it: swapped mid-press, the press's release would
    // land on an input that is gone, and the list the widget opened for it would close again.
    const [pressing, setPressing] = useState(false);
    useEffect(warmWidget, []);

    function holdWhilePressed() {
      setPressing(true);
      const released = new AbortController();
      const release = () => {
        released.abort();
        // After the release's click, which the browser sends in the same task.
        window.setTimeout(() => setPressing(false));
      };
      document.addEventListener('pointerup', release, { capture: true, signal: released.signal });
      document.addEventListener('pointercancel', release, { capture: true, signal: released.signal });
    }

    const spoken = choice.multiple ? selectionDescription(choice.selectedOptions.map((o) => o.label)) : '';
    const inputDescribedBy = [describedBy, spoken ? summaryId : null].filter(Boolean).join(' ') || undefined;
    const chips = <ComboChips props={props} choice={choice} />;

    return (
      <FieldFrame label={label} error={error} helperText={helperText} required={required} ids={ids}>
        {Widget && !pressing ? (
          <Widget props={props} choice={choice} describedBy={inputDescribedBy} chips={chips} carried={carried} />
        ) : (
          <ComboStandIn
            props={props}
            choice={choice}
            describedBy={inputDescribedBy}
            chips={chips}
            carried={carried}
            setCarried={setCarried}
            onPress={holdWhilePressed}
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
  /** A press began on the field (its input, a chip, a button): the widget waits for its release to take over. */
  onPress: () => void;
  widget: OnDemand<Widget>;
};

/**
 * The combo before its widget arrives: a real input with the field's label, id, description,
 * required and invalid state, the combobox role, and the chosen option as its text. What the user
 * does here is kept (`carried`) for the widget: the text typed, the focus, a press or an arrow key
 * that would have opened the list. A failed download says so; the next press or arrow key asks
 * again.
 */
function ComboStandIn<V extends ComboValue>({ props, choice, describedBy, chips, carried, setCarried, onPress, widget }: StandInProps<V>) {
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
    // The list would be open: Enter is meant for it, not for submitting the form.
    const enterForList = event.key === 'Enter' && carried.open !== null;
    if (opening) {
      event.preventDefault();
      want(opening);
    } else if (event.key === 'Escape') {
      setCarried((c) => ({ ...c, typed: null, open: null }));
    } else if (enterForList) {
      event.preventDefault();
    }
    // Typing asks with its change (below); Tab, Shift and the like pass through without using the field.
    if (opening || enterForList) ask();
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
          onPointerDownCapture={onPress}
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
              // Any change asks, whatever made it: keys, a phone keyboard's composition (whose keys
              // are "Unidentified"), a paste. After a failure typing goes on here, and only a press
              // or a key that opens the list asks again.
              if (!widget.failed) ask();
            }}
            onFocus={() => {
              setCarried((c) => ({ ...c, focused: true }));
              widget.warm();
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
