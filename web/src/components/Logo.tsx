import { Box, HStack, Text } from '@chakra-ui/react';

/** The first letter or digit of the firm's name, upper case: the generated mark's letter (as the API's icons draw it). */
export function initialOf(name: string): string {
  const found = /[\p{L}\p{N}]/u.exec(name);
  return found ? found[0].toLocaleUpperCase() : '?';
}

/**
 * The firm's generated mark, the same as its favicon, app icons and share cards
 * (api/src/site-identity/layout.ts): the initial in the heading serif on the brand colour over a
 * short gold bar. Decorative: the letter is drawn by CSS (not text), so the logo's text and name
 * stay the firm's name alone.
 */
export function LogoMark({ name, size = 36, inverted = false }: { name: string; size?: number; inverted?: boolean }) {
  return (
    <Box
      aria-hidden="true"
      data-initial={initialOf(name)}
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink={0}
      width={`${size}px`}
      height={`${size}px`}
      borderRadius={`${Math.round(size * 0.19)}px`}
      bg={inverted ? 'brand.700' : 'brand.900'}
      color="white"
      fontFamily="heading"
      fontWeight="semibold"
      fontSize={`${Math.round(size * 0.6)}px`}
      lineHeight="1"
      _before={{ content: 'attr(data-initial)', marginTop: '-8%' }}
      _after={{
        content: '""',
        position: 'absolute',
        bottom: '15%',
        left: '32%',
        width: '36%',
        height: '5.5%',
        borderRadius: 'full',
        bg: 'accent.400',
      }}
    />
  );
}

/**
 * The firm's logo: its picture when it has one (`imageUrl`, the firm's name its alternative text),
 * else the mark (the firm's icon, else its generated mark) with the name set in type (first word large, the rest as a small-caps line). A
 * picture made for light backgrounds shown on a dark band (`plate`) sits on a white plate.
 */
export function Logo({
  name,
  imageUrl,
  plate = false,
  markUrl = null,
  inverted = false,
  size = 'md',
}: {
  name: string;
  imageUrl?: string | null;
  plate?: boolean;
  /** The firm's square icon (the Site screen's Icon): the mark beside the name; null: the generated mark. */
  markUrl?: string | null;
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
      {markUrl ? (
        <img src={markUrl} alt="" width={large ? 64 : 36} height={large ? 64 : 36} style={{ borderRadius: 8, objectFit: 'cover' }} />
      ) : (
        <LogoMark name={name} size={large ? 64 : 36} inverted={inverted} />
      )}
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
