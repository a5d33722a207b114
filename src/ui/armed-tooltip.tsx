import { chakra, Portal, Tooltip } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { triggerStyle, type ArmedBy } from './tooltip-trigger.ts';

/**
 * The tooltip of a TooltipText once it was approached (tooltip-text.tsx): downloaded then, with
 * Zag's tooltip machine, not with every page that shows a cut text (issue 32).
 */
export function ArmedTooltip({ text, armedBy, children }: { text: string; armedBy: ArmedBy; children: ReactNode }) {
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
