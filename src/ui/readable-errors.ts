/**
 * Chakra's fg.error (red.500) reaches only 3.8:1 on white, below WCAG AA for the small error texts
 * of the shared fields. Set on a dialog's content, it makes them the darker red.fg (about 6.5:1)
 * until the theme itself changes the token.
 */
export const READABLE_ERRORS = { '--chakra-colors-fg-error': 'var(--chakra-colors-red-fg)' } as const;
