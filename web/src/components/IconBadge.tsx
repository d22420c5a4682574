import { Box, type BoxProps } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

/** An icon on a soft brand-coloured square, as on the service and contact cards. Decorative. */
export function IconBadge({ icon: Icon, iconSize = 24, ...props }: { icon: LucideIcon; iconSize?: number } & BoxProps) {
  return (
    <Box
      flexShrink={0}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      w="12"
      h="12"
      rounded="lg"
      bg="brand.50"
      color="brand.700"
      {...props}
    >
      <Icon size={iconSize} aria-hidden="true" />
    </Box>
  );
}
