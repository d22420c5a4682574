import type { ReactNode } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { NEW_TAB } from './ExternalLink';

/**
 * The white card of the news, projects and team grids. A card with a link is clickable as a whole
 * through its title link (see CardTitleLink), so the link's name is the title alone.
 */
export function ContentCard({ linked = false, children, ...rest }: BoxProps & { linked?: boolean }) {
  return (
    <Box
      as="article"
      position="relative"
      display="flex"
      flexDirection="column"
      bg="white"
      rounded="xl"
      overflow="hidden"
      borderWidth="1px"
      borderColor="gray.200"
      boxShadow="xs"
      h="full"
      {...(linked
        ? {
            transition: 'box-shadow 0.2s, transform 0.2s',
            _hover: { boxShadow: 'lg', transform: 'translateY(-2px)' },
            _focusWithin: { outline: '3px solid', outlineColor: 'accent.500', outlineOffset: '2px' },
            _motionReduce: { transition: 'none', _hover: { transform: 'none' } },
          }
        : {})}
      {...rest}
    >
      {children}
    </Box>
  );
}

/**
 * A card title that links, its ::after covering the whole card (making it clickable): out in a new
 * tab (`href`), or to a page of the site in the same tab (`to`).
 */
export function CardTitleLink({ href, to, children }: { href?: string; to?: string; children: ReactNode }) {
  return (
    <Box
      asChild
      color="inherit"
      textDecoration="none"
      _focusVisible={{ outline: 'none' }}
      _after={{ content: '""', position: 'absolute', inset: '0', zIndex: '1' }}
    >
      {to !== undefined ? (
        <RouterLink to={to}>{children}</RouterLink>
      ) : (
        <a href={href} {...NEW_TAB}>
          {children}
        </a>
      )}
    </Box>
  );
}
