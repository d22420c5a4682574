import { Box, Button, Text } from '@chakra-ui/react';
import { LayoutDashboard } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { ScreenHeader } from './ScreenHeader';

/** An admin address that names no screen: said so inside the shell (sidebar still there), with the way back. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Box>
      <ScreenHeader title="Page not found" description="There is no admin screen at this address." />
      <Text mb="4">
        Nothing lives at <Text as="code" fontFamily="mono" wordBreak="break-all">{pathname}</Text>. It may have been mistyped, or the link that led here is out of date.
      </Text>
      <Button asChild colorPalette="brand">
        <Link to="/admin">
          <LayoutDashboard /> Back to the dashboard
        </Link>
      </Button>
    </Box>
  );
}
