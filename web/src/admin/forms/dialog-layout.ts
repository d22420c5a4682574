/**
 * The edit dialog's content box: the whole screen on phones, on wider screens sized to its content
 * (centred, rounded, scrolling inside when long). Chakra's `full` size keeps its 100dvh minimum
 * and square corners at every width when given responsively, so both are set back here.
 */
export const FORM_DIALOG_CONTENT = {
  minH: { base: '100dvh', md: 'auto' },
  maxH: { base: '100dvh', md: 'calc(100dvh - 4rem)' },
  rounded: { base: '0', md: 'l3' },
} as const;
