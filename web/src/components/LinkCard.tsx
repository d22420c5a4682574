import { Box, type BoxProps } from '@chakra-ui/react';
import { NEW_TAB } from './ExternalLink';

/** A card that becomes an external link opening in a new tab when it has an href. */
export function LinkCard({ href, labelledBy, children, ...rest }: BoxProps & { href?: string | null; labelledBy?: string }) {
  const cardStyle: BoxProps = {
    display: 'flex',
    flexDirection: 'column',
    bg: 'white',
    rounded: 'xl',
    overflow: 'hidden',
    borderWidth: '1px',
    borderColor: 'gray.200',
    boxShadow: 'xs',
    h: 'full',
    transition: 'box-shadow 0.2s, transform 0.2s',
  };
  if (!href) {
    return (
      <Box as="article" {...cardStyle} {...rest}>
        {children}
      </Box>
    );
  }
  return (
    <Box as="article" {...rest} h="full">
      <Box
        asChild
        {...cardStyle}
        _hover={{ boxShadow: 'lg', transform: 'translateY(-2px)' }}
        _focusVisible={{ outline: '3px solid', outlineColor: 'accent.500', outlineOffset: '2px' }}
      >
        <a href={href} {...NEW_TAB} aria-labelledby={labelledBy}>
          {children}
        </a>
      </Box>
    </Box>
  );
}
