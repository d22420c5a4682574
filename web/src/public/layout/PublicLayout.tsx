import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router';
import { HEADER_HEIGHT } from '../sections';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { PREVIEW_BANNER_ROOM, PreviewBanner, usePreview } from '../preview/PreviewBanner';
import { useScrollRestoration } from './scroll-restoration';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { useServerNotFound } from '../not-found/server-not-found';

export function PublicLayout() {
  useScrollRestoration();
  // A preview (server-rendered only) keeps room below the footer for its fixed banner.
  const preview = usePreview();
  // The server's not-found page, hydrated at the path it was served for (server-not-found.ts).
  const notFound = useServerNotFound();
  return (
    <Box minH="100vh" display="flex" flexDirection="column" bg="gray.50" pb={preview ? PREVIEW_BANNER_ROOM : undefined}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <Box as="main" id="main" flex="1" pt={HEADER_HEIGHT} tabIndex={-1} _focus={{ outline: 'none' }}>
        {notFound ? <NotFoundPage /> : <Outlet />}
      </Box>
      <SiteFooter />
      <PreviewBanner />
    </Box>
  );
}
