// The admin's tables: a table from md up; below md one card per row, each cell showing its
// column's name (from `data-label`), so phones never get a clipped table. Spread these style
// props on the Chakra Table parts.

/** The frame around the table: a bordered, scrolling box from md up; bare (the cards have borders) on phones. */
export const cardScrollArea = { borderWidth: { md: '1px' }, rounded: 'lg', bg: { md: 'bg' } } as const;

export const cardTable = { display: { base: 'block', md: 'table' } } as const;

export const cardBody = { display: { base: 'block', md: 'table-row-group' } } as const;

export const cardRow = {
  display: { base: 'grid', md: 'table-row' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)' },
  borderWidth: { base: '1px', md: '0' },
  rounded: { base: 'lg', md: 'none' },
  mb: { base: '3', md: '0' },
  p: { base: '3', md: '0' },
  bg: 'bg',
} as const;

export const cardCell = {
  display: { base: 'flex', md: 'table-cell' },
  gap: '3',
  alignItems: 'center',
  borderBottomWidth: { base: '0', md: '1px' },
  px: { base: '0', md: '3' },
  py: { base: '1', md: '2' },
  whiteSpace: 'normal',
  _before: { base: { content: 'attr(data-label)', minW: '28', color: 'fg.muted', fontSize: 'xs', fontWeight: 'medium' }, md: { content: 'none' } },
} as const;

/** A row's whole-width message (nothing here yet, nothing matches). */
export const cardMessageRow = { display: { base: 'block', md: 'table-row' } } as const;
export const cardMessageCell = { display: { base: 'block', md: 'table-cell' }, py: '10', textAlign: 'center', color: 'fg.muted', whiteSpace: 'normal' } as const;

/** Row actions stay in view when a wide table scrolls sideways (tablets; phones get cards). */
export const stickyEnd = { position: { md: 'sticky' }, insetEnd: '0', zIndex: '1', boxShadow: { md: 'inset 1px 0 0 var(--chakra-colors-border)' } } as const;

/** The actions cell: at the card's foot on phones (no column name), sticky at the end from md up. */
export const cardActionsCell = { textAlign: 'end', ...cardCell, _before: undefined, ...stickyEnd, bg: 'bg', justifyContent: 'end' } as const;

/** Phones show the column names in each card; the header stays for screen readers only. */
export const visuallyHiddenOnPhones = {
  position: { base: 'absolute', md: 'static' },
  w: { base: '1px', md: 'auto' },
  h: { base: '1px', md: 'auto' },
  overflow: { base: 'hidden', md: 'visible' },
  clipPath: { base: 'inset(50%)', md: 'none' },
} as const;
