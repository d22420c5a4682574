import { Box, Button, Text } from '@chakra-ui/react';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { usePermissions } from '../auth/use-permissions';
import { ScreenHeader } from './ScreenHeader';

const ROLE_NAMES: Record<string, string> = { admin: 'Admin', editor: 'Editor', contributor: 'Contributor' };

/** A screen the account's role does not open: said so inside the shell (sidebar still there), with the way back. */
export function NoAccessPage() {
  const { role } = usePermissions();
  return (
    <Box>
      <ScreenHeader title="No access" description="You do not have access to this screen." />
      <Text mb="4">
        {role ? `Your role (${ROLE_NAMES[role] ?? role}) does not include this screen.` : 'Your account does not include this screen.'} An Admin can change your role on
        the Admins screen.
      </Text>
      <Button asChild colorPalette="brand">
        <Link to="/admin">
          <LayoutDashboard /> Back to the dashboard
        </Link>
      </Button>
    </Box>
  );
}
