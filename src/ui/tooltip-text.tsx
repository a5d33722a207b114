import { chakra, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { truncate } from '../domain/text.ts';
import { onDemand, useOnDemand } from './on-demand.ts';
import { triggerStyle, type ArmedBy } from './tooltip-trigger.ts';

export type TooltipTextProps = {
  text: string;
  /** Cut after this many characters (spec §9); the full text shows in a tooltip. No cut when omitted. */
  max?: number | undefined;
};

/** Zag's tooltip machine and the tooltip: one download, when the first cut text is approached. */
const loadTooltip = onDemand(() => import('./armed-tooltip.tsx'));

/**
 * A text cut at `max` characters. The full text is in the DOM for screen readers (the cut copy is
 * hidden from them, so they never hear "…"), and in a tooltip on hover, keyboard focus and tap.
 *
 * A long table shows hundreds of these, and each tooltip is a state machine; so the tooltip is
 * only built the first time a cell is approached, which keeps scrolling a virtual list smooth, and
 * its code downloaded then (armed-tooltip.tsx).
 */
export function TooltipText({ text, max }: TooltipTextProps) {
  const [armedBy, setArmedBy] = useState<ArmedBy | null>(null);
  const tooltip = useOnDemand(loadTooltip);
  const arm = (by: ArmedBy) => {
    setArmedBy(by);
    tooltip.request();
  };
  const { text: shown, truncated } = max === undefined ? { text, truncated: false } : truncate(text, max);
  if (!truncated) return <>{text}</>;
  const content = (
    <>
      <span aria-hidden="true">{shown}</span>
      <VisuallyHidden>{text}</VisuallyHidden>
    </>
  );
  if (armedBy === null || !tooltip.module) {
    return (
      <chakra.span
        {...triggerStyle}
        onPointerEnter={(event) => arm(event.pointerType === 'touch' ? 'touch' : 'pointer')}
        onPointerDown={(event) => arm(event.pointerType === 'touch' ? 'touch' : 'pointer')}
        onFocus={() => arm('focus')}
      >
        {content}
      </chakra.span>
    );
  }
  const { ArmedTooltip } = tooltip.module;
  return (
    <ArmedTooltip text={text} armedBy={armedBy}>
      {content}
    </ArmedTooltip>
  );
}
