import type { AnchorHTMLAttributes } from 'react';
import { Box } from '@chakra-ui/react';

/** Attributes of every link that leaves the site: a new tab without access to this window. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const satisfies AnchorHTMLAttributes<HTMLAnchorElement>;

/** What a screen reader hears after a link that opens a new tab (nothing shows). */
export function NewTabHint() {
  return (
    <Box as="span" srOnly>
      {' '}
      (opens in a new tab)
    </Box>
  );
}
