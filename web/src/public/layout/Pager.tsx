import { Box, Flex, chakra } from '@chakra-ui/react';
import { listPagePath, pagerEntries } from './list-paging';

// The page links under a paged list's grid. Plain links (<a href>): each page is its own
// server-rendered URL, which crawlers follow and the read cache answers at once. On a phone a
// compact line ("‹ Previous · Page 2 of 417 · Next ›"); from the medium breakpoint numbered links
// with ellipses. Both live in one <nav aria-label="Pagination">; the form not shown is display:none,
// so assistive technology meets one of them.

interface PagerProps {
  /** The list's path (page 1), e.g. /news. */
  basePath: string;
  page: number;
  last: number;
}

const pagerLink = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minW: '11',
  minH: '11',
  px: '3',
  rounded: 'md',
  fontWeight: 'semibold',
  color: 'brand.700',
  textDecoration: 'none',
  _hover: { bg: 'brand.50', color: 'brand.900' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
} as const;

const PagerLink = chakra('a', { base: pagerLink });

/** Previous and next: outlined, so on a phone they read as the buttons they are. */
const stepLook = { borderWidth: '1px', borderColor: 'brand.200', bg: 'white', px: '4' } as const;

/** The current page: a link to itself, marked for assistive technology and drawn filled. */
const currentLook = { bg: 'brand.700', color: 'white', _hover: { bg: 'brand.800', color: 'white' } } as const;

function Previous({ basePath, page }: { basePath: string; page: number }) {
  return (
    <PagerLink href={listPagePath(basePath, page - 1)} rel="prev" {...stepLook}>
      <span aria-hidden="true">‹&nbsp;</span>Previous<Box as="span" srOnly>
        {' '}
        page
      </Box>
    </PagerLink>
  );
}

function Next({ basePath, page }: { basePath: string; page: number }) {
  return (
    <PagerLink href={listPagePath(basePath, page + 1)} rel="next" {...stepLook}>
      Next<Box as="span" srOnly>
        {' '}
        page
      </Box>
      <span aria-hidden="true">&nbsp;›</span>
    </PagerLink>
  );
}

/** Keeps the compact line's middle centred where there is no previous or next link. */
function Placeholder() {
  return <Box minW="24" aria-hidden="true" />;
}

export function Pager({ basePath, page, last }: PagerProps) {
  if (last <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < last;
  return (
    <Box as="nav" aria-label="Pagination" mt={{ base: '10', md: '14' }}>
      {/* Phone: previous, "Page n of m", next. */}
      <Flex hideFrom="md" align="center" justify="space-between" gap="2" fontSize="sm">
        {hasPrevious ? <Previous basePath={basePath} page={page} /> : <Placeholder />}
        <Box as="p" color="gray.700" textAlign="center" aria-current="page">
          Page {page} of {last}
        </Box>
        {hasNext ? <Next basePath={basePath} page={page} /> : <Placeholder />}
      </Flex>
      {/* Wider screens: numbered links with ellipses. */}
      <Flex as="ul" hideBelow="md" listStyleType="none" align="center" justify="center" gap="1.5" flexWrap="wrap">
        {hasPrevious && (
          <li>
            <Previous basePath={basePath} page={page} />
          </li>
        )}
        {pagerEntries(page, last).map((entry, index) =>
          entry === 'gap' ? (
            <Box as="li" key={`gap-${index}`} aria-hidden="true" px="1" color="gray.500">
              …
            </Box>
          ) : (
            <li key={entry}>
              <PagerLink href={listPagePath(basePath, entry)} aria-current={entry === page ? 'page' : undefined} {...(entry === page ? currentLook : {})}>
                <Box as="span" srOnly>
                  Page{' '}
                </Box>
                {entry}
              </PagerLink>
            </li>
          ),
        )}
        {hasNext && (
          <li>
            <Next basePath={basePath} page={page} />
          </li>
        )}
      </Flex>
    </Box>
  );
}
