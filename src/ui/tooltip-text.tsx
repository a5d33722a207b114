import { chakra, Portal, Tooltip, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { truncate } from '../domain/text.ts';

export type TooltipTextProps = {
  text: string;
  /** Cut after this many characters (spec §9); the full text shows in a tooltip. No cut when omitted. */
  max?: number | undefined;
};

type ArmedBy = 'pointer' | 'touch' | 'focus';

const triggerStyle = {
  tabIndex: 0,
  textDecoration: 'underline dotted',
  textDecorationColor: 'fg.subtle',
  textUnderlineOffset: '3px',
  rounded: 'l1',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
} as const;

/**
 * A text cut at `max` characters. The full text is in the DOM for screen readers (the cut copy is
 * hidden from them, so they never hear "…"), and in a tooltip on hover, keyboard focus and tap.
 *
 * A long table shows hundreds of these, and each tooltip is a state machine; so the tooltip is
 * only built the first time a cell is approached, which keeps scrolling a virtual list smooth.
 */
export function TooltipText({ text, max }: TooltipTextProps) {
  const [armedBy, setArmedBy] = useState<ArmedBy | null>(null);
  const { text: shown, truncated } = max === undefined ? { text, truncated: false } : truncate(text, max);
  if (!truncated) return <>{text}</>;
  const content = (
    <>
      <span aria-hidden="true">{shown}</span>
      <VisuallyHidden>{text}</VisuallyHidden>
    </>
  );
  if (armedBy === null) {
    return (
      <chakra.span
        {...triggerStyle}
        onPointerEnter={(event) => setArmedBy(event.pointerType === 'touch' ? 'touch' : 'pointer')}
        onPointerDown={(event) => setArmedBy(event.pointerType === 'touch' ? 'touch' : 'pointer')}
        onFocus={() => setArmedBy('focus')}
      >
        {content}
      </chakra.span>
    );
  }
  return (
    <ArmedTooltip text={text} armedBy={armedBy}>
      {content}
    </ArmedTooltip>
  );
}

function ArmedTooltip({ text, armedBy, children }: { text: string; armedBy: ArmedBy; children: ReactNode }) {
  // The tap or focus that armed it also opens it; Ark would only react to the next one.
  const [open, setOpen] = useState(armedBy !== 'pointer');
  const triggerRef = useRef<HTMLSpanElement>(null);
  const lastPointer = useRef<string>(armedBy === 'touch' ? 'touch' : 'mouse');
  // Ark tooltips are built for hover: on touch they close as the finger lifts. A tooltip opened by
  // a tap is therefore held open here until the next tap, on it (toggle) or anywhere else.
  const heldByTouch = useRef(armedBy === 'touch');
  const [armedAt] = useState(() => Date.now());

  useEffect(() => {
    // Arming replaced the focused element; give focus back so the keyboard user stays put.
    if (armedBy === 'focus') triggerRef.current?.focus();
  }, [armedBy]);

  useEffect(() => {
    if (!open || !heldByTouch.current) return;
    const closeOnTapOutside = (event: PointerEvent) => {
      if (triggerRef.current?.contains(event.target as Node)) return;
      heldByTouch.current = false;
      setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnTapOutside, true);
    return () => document.removeEventListener('pointerdown', closeOnTapOutside, true);
  }, [open]);

  return (
    <Tooltip.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && heldByTouch.current) return;
        setOpen(details.open);
      }}
      openDelay={300}
      closeDelay={100}
      closeOnClick={false}
      lazyMount
      unmountOnExit
      positioning={{ placement: 'top' }}
    >
      <Tooltip.Trigger asChild>
        <chakra.span
          ref={triggerRef}
          {...triggerStyle}
          onPointerDown={(event) => {
            lastPointer.current = event.pointerType;
          }}
          onClick={() => {
            // The arming tap's click may land here after the swap; it already opened the tooltip.
            if (lastPointer.current !== 'touch' || Date.now() - armedAt < 500) return;
            heldByTouch.current = !open;
            setOpen(!open);
          }}
        >
          {children}
        </chakra.span>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="sm" whiteSpace="normal">
            {text}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
