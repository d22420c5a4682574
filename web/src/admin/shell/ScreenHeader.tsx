import { useEffect, type ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@chakra-ui/react';

/** Heading, one-line description and (optionally) the screen's main action, on every admin screen. */
export function ScreenHeader({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Flex mb="6" gap="4" align={{ base: 'stretch', sm: 'flex-end' }} justify="space-between" direction={{ base: 'column', sm: 'row' }}>
      <Box>
        <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="tight">
          {title}
        </Heading>
        <Text color="fg.muted" mt="1">
          {description}
        </Text>
      </Box>
      {children}
    </Flex>
  );
}

/** Every admin screen names itself in the tab: "<screen> · Admin Panel". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Admin Panel`;
  }, [title]);
}
