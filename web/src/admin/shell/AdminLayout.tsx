import { Outlet, useNavigate } from 'react-router';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Box, Button, CloseButton, Drawer, Flex, IconButton, Kbd, Portal, Separator } from '@chakra-ui/react';
import { ExternalLink, LogOut, PanelLeft } from 'lucide-react';
import { AdminLogoutDocument } from '../../graphql/generated/graphql';
import { confirmDiscard } from '../forms/confirm-discard';
import { SidebarNav } from './Sidebar';
import { useSidebarState } from './sidebar-state';

const EXPANDED_WIDTH = '16rem';
const ICON_WIDTH = '3rem';
const MOBILE_WIDTH = '18rem';

/** The admin shell: sidebar (or off-canvas sheet on phones), header, and the current screen. */
export function AdminLayout() {
  const sidebar = useSidebarState();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [logout, { loading: loggingOut }] = useMutation(AdminLogoutDocument);

  async function onLogout() {
    if (!(await confirmDiscard())) return;
    try {
      await logout();
      await client.clearStore();
      navigate('/admin/login', { replace: true });
    } catch (error) {
      // Spec: a failed logout is only logged; the user stays where they are.
      console.error('Logout failed', error);
    }
  }

  const collapsed = !sidebar.isMobile && !sidebar.expanded;
  const shortcut = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘B' : 'Ctrl+B';

  return (
    <Flex minH="100dvh" bg="bg.subtle">
      <Box
        asChild
        position="fixed"
        top="2"
        insetStart="2"
        zIndex="skipNav"
        bg="bg"
        color="brand.fg"
        px="4"
        py="2"
        rounded="md"
        shadow="md"
        fontWeight="medium"
        transform="translateY(-200%)"
        _focusVisible={{ transform: 'translateY(0)' }}
      >
        <a href="#admin-main">Skip to content</a>
      </Box>
      {!sidebar.isMobile && (
        <Box
          as="aside"
          aria-label="Sidebar"
          data-state={sidebar.expanded ? 'expanded' : 'collapsed'}
          w={sidebar.expanded ? EXPANDED_WIDTH : ICON_WIDTH}
          flexShrink={0}
          position="sticky"
          top="0"
          h="100dvh"
          bg="bg"
          borderRightWidth="1px"
          transition="width 0.2s ease"
          overflow="hidden"
        >
          <SidebarNav collapsed={collapsed} />
        </Box>
      )}
      {sidebar.isMobile && (
        <Drawer.Root open={sidebar.mobileOpen} onOpenChange={(e) => sidebar.setMobileOpen(e.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content w={MOBILE_WIDTH} maxW={MOBILE_WIDTH} aria-label="Sidebar">
                <Drawer.Title srOnly>Admin navigation</Drawer.Title>
                <SidebarNav onNavigate={() => sidebar.setMobileOpen(false)} />
                <Drawer.CloseTrigger asChild top="3" insetEnd="2">
                  <CloseButton size="sm" aria-label="Close sidebar" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          gap="2"
          h="14"
          px={{ base: '3', md: '5' }}
          bg="bg"
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          zIndex="docked"
        >
          <IconButton
            aria-label="Toggle sidebar"
            title={`Toggle sidebar (${shortcut})`}
            variant="ghost"
            size="sm"
            onClick={sidebar.toggle}
            aria-expanded={sidebar.isMobile ? sidebar.mobileOpen : sidebar.expanded}
          >
            <PanelLeft />
          </IconButton>
          <Kbd size="sm" display={{ base: 'none', lg: 'inline-flex' }} color="fg.muted">
            {shortcut}
          </Kbd>
          <Separator orientation="vertical" h="5" mx="1" display={{ base: 'none', lg: 'block' }} />
          <Box flex="1" />
          {/* Below sm only the icons show (with their names for assistive tech), so Logout stays on screen at 320 px. */}
          <Button asChild variant="outline" size="sm" px={{ base: '2', sm: '3' }} flexShrink={0}>
            <a href="/" aria-label="View Landing Page">
              <ExternalLink />
              <Box as="span" display={{ base: 'none', sm: 'inline' }}>
                View Landing Page
              </Box>
            </a>
          </Button>
          <Button variant="ghost" size="sm" px={{ base: '2', sm: '3' }} flexShrink={0} onClick={() => void onLogout()} disabled={loggingOut}>
            <LogOut />
            Logout
          </Button>
        </Flex>
        <Box as="main" id="admin-main" tabIndex={-1} outline="none" flex="1" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} maxW="7xl" w="full" mx="auto">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
