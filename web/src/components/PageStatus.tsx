import { Box, Heading, Spinner, Stack, Text } from '@chakra-ui/react';

// The loading, error and empty states every public page shows (exact texts come from the callers).

export function LoadingState({ text }: { text: string }) {
  return (
    <Stack role="status" aria-live="polite" align="center" gap="4" py="24" color="fg.muted">
      <Spinner size="lg" color="brand.600" borderWidth="3px" />
      <Text fontSize="lg">{text}</Text>
    </Stack>
  );
}

export function ErrorState({ title, text }: { title: string; text: string }) {
  return (
    <Box role="alert" textAlign="center" py="24" px="6">
      <Heading as="h2" size="xl" color="red.700" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
    </Box>
  );
}

/** The one look of "nothing here yet", on the list pages and in every landing section. */
export function EmptyState({ text }: { text: string }) {
  return (
    <Box
      textAlign="center"
      py={{ base: '10', md: '14' }}
      px="6"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="gray.300"
      bg="whiteAlpha.700"
      rounded="xl"
    >
      <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
        {text}
      </Text>
    </Box>
  );
}
