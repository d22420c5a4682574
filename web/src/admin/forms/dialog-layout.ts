/**
 * A form dialog's content box at every width: a rounded box over the dimmed screen, inset from
 * the edges on phones too (a full-screen sheet read as an empty new page), scrolling inside when
 * long. Use with the Dialog.Root props below (size `lg`, not a responsive `full`: Chakra's `full`
 * keeps its 100dvh minimum, so a short dialog stretched to the whole height).
 */
export const FORM_DIALOG_CONTENT = {
  w: { base: 'calc(100vw - 1.5rem)', md: 'full' },
  mx: { base: '3', md: 'auto' },
  my: { base: '3', md: '8' },
  maxH: { base: 'calc(100dvh - 1.5rem)', md: 'calc(100dvh - 4rem)' },
  rounded: 'l3',
} as const;

/** Dialog.Root props of a form dialog. */
export const FORM_DIALOG_ROOT = { size: 'lg', scrollBehavior: 'inside', placement: 'center' } as const;
