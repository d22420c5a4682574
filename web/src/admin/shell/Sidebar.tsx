import type { MouseEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { BrandMark } from './brand-mark';
import { confirmDiscard } from '../forms/confirm-discard';
import { anyDirtyForm } from '../forms/drafts';
import { usePermissions } from '../auth/use-permissions';
import { NAV_GROUPS } from './nav-items';
import { useNavBadges } from './nav-badges';

/** Sidebar content: 'Admin Panel', group 'Content Management' (one link per admin screen), then 'Settings' (account, admins); the current one marked. */
export function SidebarNav({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  /** Leaving a form with unsaved changes asks first. */
  function guardNavigation(event: MouseEvent, to: string) {
    if (anyDirtyForm()) {
      event.preventDefault();
      void confirmDiscard().then((discard) => {
        if (!discard) return;
        onNavigate?.();
        navigate(to);
      });
      return;
    }
    onNavigate?.();
  }
  // Screens the role cannot open are not offered (the server refuses them anyway).
  const { can } = usePermissions();
  const groups = NAV_GROUPS.map((group) => ({ ...group, items: group.items.filter((item) => !item.permission || can(item.permission)) })).filter((group) => group.items.length > 0);
  // Counts beside some links (unread enquiries), part of the link's name: 'Enquiries, 2 unread'.
  const badges = useNavBadges();
  const current = (to: string) => (to === '/admin' ? pathname === '/admin' || pathname === '/admin/' : pathname.startsWith(to));
  return (
    <Flex direction="column" h="full" minH="0">
      <Flex align="center" gap="2.5" h="14" px={collapsed ? '0' : '4'} justify={collapsed ? 'center' : 'flex-start'} borderBottomWidth="1px" flexShrink={0}>
        <BrandMark />
        {!collapsed && (
          <Text fontWeight="semibold" fontSize="md" whiteSpace="nowrap">
            Admin Panel
          </Text>
        )}
      </Flex>
      <Box as="nav" aria-label="Admin" flex="1" overflowY="auto" py="3" px={collapsed ? '1.5' : '3'}>
        {groups.map((group, index) => (
          <Box key={group.label} mt={index === 0 ? '0' : '5'}>
            {!collapsed && (
              <Text fontSize="xs" fontWeight="medium" color="fg.muted" px="2" mb="2" whiteSpace="nowrap">
                {group.label}
              </Text>
            )}
            <Stack as="ul" gap="0.5" listStyleType="none" role="list" aria-label={group.label}>
              {group.items.map((item) => {
                const active = current(item.to);
                const Icon = item.icon;
                const badge = badges[item.to];
                const name = badge ? `${item.label}, ${badge.count} ${badge.meaning}` : item.label;
                return (
                  <li key={item.to}>
                    <Flex
                      asChild
                      align="center"
                      gap="2.5"
                      h="9"
                      px={collapsed ? '0' : '2'}
                      justify={collapsed ? 'center' : 'flex-start'}
                      rounded="md"
                      fontSize="sm"
                      fontWeight={active ? 'semibold' : 'normal'}
                      bg={active ? 'brand.subtle' : 'transparent'}
                      color={active ? 'brand.fg' : 'fg'}
                      _hover={{ bg: active ? 'brand.subtle' : 'bg.muted' }}
                      whiteSpace="nowrap"
                    >
                      <NavLink
                        to={item.to}
                        end={item.to === '/admin'}
                        aria-current={active ? 'page' : undefined}
                        aria-label={collapsed || badge ? name : undefined}
                        title={collapsed ? name : undefined}
                        onClick={(event) => guardNavigation(event, item.to)}
                      >
                        {collapsed && badge ? (
                          // Collapsed, a dot on the icon says there is something (the count is in the name and the tooltip).
                          <Box as="span" position="relative" display="inline-flex" flexShrink={0}>
                            <Icon size={18} aria-hidden />
                            <Box as="span" aria-hidden position="absolute" top="-1" insetEnd="-1" boxSize="2" rounded="full" bg="brand.solid" />
                          </Box>
                        ) : (
                          <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />
                        )}
                        {!collapsed && <span>{item.label}</span>}
                        {!collapsed && badge && (
                          // The link's name ('Enquiries, 2 unread') holds what shows ('Enquiries 2'), as speech input expects.
                          <>
                            {' '}
                            <Badge colorPalette="brand" variant="solid" size="sm" ms="auto" rounded="full" minW="5" justifyContent="center">
                              {badge.count}
                            </Badge>
                          </>
                        )}
                      </NavLink>
                    </Flex>
                  </li>
                );
              })}
            </Stack>
          </Box>
        ))}
      </Box>
    </Flex>
  );
}
