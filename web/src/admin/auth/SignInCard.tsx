import type { ReactNode, Ref } from 'react';
import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';

/**
 * The card every sign-in step sits in (password, second step, enrolment): an icon, the step's
 * heading (focusable, so a new step can move focus to it) and its one-line prompt.
 */
export function SignInCard({
  icon,
  title,
  description,
  descriptionId,
  headingRef,
  wide = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** The prompt's id, for a field that it describes. */
  descriptionId?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Room for a QR code and recovery codes (enrolment). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Flex as="main" minH="100dvh" align="center" justify="center" bg="bg.subtle" px="4" py="10">
      <Card.Root w="full" maxW={wide ? 'md' : 'sm'} variant="elevated" shadow="lg">
        <Card.Header alignItems="center" textAlign="center" gap="2">
          <Box bg="brand.solid" color="brand.contrast" rounded="full" p="3" mb="1">
            {icon}
          </Box>
          <Heading as="h1" size="xl" ref={headingRef} tabIndex={headingRef ? -1 : undefined} outline="none">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm" id={descriptionId}>
            {description}
          </Text>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Flex>
  );
}
