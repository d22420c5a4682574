import { Box } from '@chakra-ui/react';
import { Building } from 'lucide-react';

/** The small square mark beside 'Admin Panel'. */
export function BrandMark() {
  return (
    <Box bg="brand.solid" color="brand.contrast" rounded="md" p="1.5" display="inline-flex" flexShrink={0}>
      <Building size={16} aria-hidden />
    </Box>
  );
}
