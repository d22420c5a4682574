import { Box, HStack, Text } from '@chakra-ui/react';

/** The firm's mark: a globe of meridians under a brass arc. Decorative; the name is text beside it. */
export function LogoMark({ size = 36, inverted = false }: { size?: number; inverted?: boolean }) {
  const line = inverted ? '#ffffff' : '#17365e';
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="21" fill="none" stroke={line} strokeWidth="2.5" />
      <ellipse cx="24" cy="24" rx="9" ry="21" fill="none" stroke={line} strokeWidth="2" />
      <line x1="24" y1="3" x2="24" y2="45" stroke={line} strokeWidth="2" />
      <path d="M5 17 H43 M5 31 H43" stroke={line} strokeWidth="1.5" opacity="0.7" />
      <path d="M8 12 A21 21 0 0 1 40 12" fill="none" stroke="#cfa446" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The firm's logo: its picture when it has one (`imageUrl`, the firm's name its alternative text),
 * else the mark with the name set in type (first word large, the rest as a small-caps line). A
 * picture made for light backgrounds shown on a dark band (`plate`) sits on a white plate.
 */
export function Logo({
  name,
  imageUrl,
  plate = false,
  inverted = false,
  size = 'md',
}: {
  name: string;
  imageUrl?: string | null;
  plate?: boolean;
  inverted?: boolean;
  size?: 'md' | 'lg';
}) {
  const large = size === 'lg';
  if (imageUrl) {
    return (
      <Box as="span" display="inline-flex" w="fit-content" alignItems="center" bg={plate ? 'white' : undefined} rounded="md" px={plate ? '2' : undefined} py={plate ? '1' : undefined}>
        <Box asChild h={large ? { base: '14', md: '20' } : '9'} w="auto" maxW={large ? { base: '64', md: '80' } : { base: '40', sm: '56' }} objectFit="contain">
          <img src={imageUrl} alt={name} />
        </Box>
      </Box>
    );
  }
  const [first, ...rest] = name.trim().split(/\s+/);
  return (
    <HStack gap={large ? '4' : '2.5'}>
      <LogoMark size={large ? 64 : 36} inverted={inverted} />
      <Box lineHeight="1">
        <Text
          as="span"
          display="block"
          fontFamily="heading"
          fontWeight="semibold"
          fontSize={large ? { base: '2xl', md: '3xl' } : 'lg'}
          letterSpacing="0.01em"
          color={inverted ? 'white' : 'brand.900'}
        >
          {first}
        </Text>
        {rest.length > 0 && (
          <>
            {' '}
            <Text
              as="span"
              display="block"
              mt="1"
              fontSize={large ? 'sm' : '2xs'}
              textTransform="uppercase"
              letterSpacing="0.3em"
              color={inverted ? 'accent.200' : 'accent.700'}
            >
              {rest.join(' ')}
            </Text>
          </>
        )}
      </Box>
    </HStack>
  );
}
