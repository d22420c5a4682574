import type { AnchorHTMLAttributes } from 'react';

/** Attributes of every link that leaves the site: a new tab without access to this window. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const satisfies AnchorHTMLAttributes<HTMLAnchorElement>;
