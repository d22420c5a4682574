import { createContext, useContext } from 'react';
import { Box, Container, Flex, Text } from '@chakra-ui/react';
import type { PreviewBanner as PreviewBannerValues } from '../../render-contract';

// The banner of a preview (api/src/preview): the server renders a public page with an item's draft
// applied and says so here, fixed at the bottom of the window so it stays in sight while the page
// scrolls. Public pages have no preview: the context is null and nothing is shown.

/** The preview being shown, given by the server entry; null on every public page. */
export const PreviewContext = createContext<PreviewBannerValues | null>(null);

/** Room kept below the page so the fixed banner never covers the footer's last line. */
export const PREVIEW_BANNER_ROOM = { base: '10rem', md: '5rem' } as const;

/** `2026-12-01T16:04:00.000Z` -> `1 Dec 2026, 16:04 UTC` (the server renders it: one time zone for everyone). */
export function expiryText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const text = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' }).format(date);
  return `${text} UTC`;
}

export function PreviewBanner() {
  const preview = useContext(PreviewContext);
  if (!preview) return null;
  const heading = preview.live ? 'Preview of unpublished changes' : 'Preview — not published yet';
  return (
    <Box
      as="aside"
      aria-label="Preview"
      position="fixed"
      bottom="0"
      insetX="0"
      zIndex="banner"
      bg="#FDE68A"
      color="#1F2937"
      borderTopWidth="4px"
      borderColor="#B45309"
      boxShadow="0 -6px 20px rgba(15, 23, 42, 0.25)"
      data-preview-banner=""
    >
      <Container maxW="6xl" py="3">
        <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'flex-start', md: 'center' }} gap={{ base: '1', md: '4' }}>
          <Text as="h2" fontWeight="bold" fontSize={{ base: 'md', md: 'lg' }} flexShrink={0}>
            {heading}
          </Text>
          {/* A long title is cut (two lines on phones, one beside the heading), never the sentence after it. */}
          <Box fontSize="sm" minW="0">
            <Text fontWeight="semibold" lineClamp={{ base: 2, md: 1 }}>
              {preview.label}
            </Text>
            <Text>{preview.live ? 'Visitors still see the published version.' : 'Visitors do not see this item.'}</Text>
          </Box>
          {preview.expiresAt && (
            <Text fontSize="sm" ms={{ md: 'auto' }} flexShrink={0}>
              Link expires <time dateTime={preview.expiresAt}>{expiryText(preview.expiresAt)}</time>
            </Text>
          )}
        </Flex>
      </Container>
    </Box>
  );
}

/** Whether a preview is being shown (the layout keeps room for the banner). */
export const usePreview = () => useContext(PreviewContext);
