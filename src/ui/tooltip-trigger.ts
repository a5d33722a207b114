/** What first approached a cut text: a mouse, a finger or the keyboard (tooltip-text.tsx). */
export type ArmedBy = 'pointer' | 'touch' | 'focus';

/** The cut text's look, the same before and after its tooltip is built. */
export const triggerStyle = {
  tabIndex: 0,
  textDecoration: 'underline dotted',
  textDecorationColor: 'fg.subtle',
  textUnderlineOffset: '3px',
  rounded: 'l1',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
} as const;
