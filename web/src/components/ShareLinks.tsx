import { Box, Flex, Heading } from '@chakra-ui/react';
import { Mail, Share2 } from 'lucide-react';
import { NEW_TAB, NewTabHint } from './ExternalLink';

// Plain share links: addresses of the networks' own share pages (no third-party script, nothing
// loaded from them until a visitor follows one).

/** The share addresses of a page: LinkedIn, X and an email. `url` is absolute. */
export function shareTargets({ url, title, text }: { url: string; title: string; text?: string | null }) {
  const u = encodeURIComponent(url);
  const body = text ? `${text}\n\n${url}` : url;
  return {
    linkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    x: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`,
  };
}

const LINK_STYLE = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minH: '11',
  px: '4',
  rounded: 'full',
  borderWidth: '1px',
  borderColor: 'brand.200',
  color: 'brand.800',
  bg: 'white',
  fontSize: 'sm',
  fontWeight: 'semibold',
  textDecoration: 'none',
  _hover: { bg: 'brand.50', borderColor: 'brand.400' },
} as const;

/** "Share this article": LinkedIn and X in a new tab, email in the visitor's mail program. */
export function ShareLinks({ url, title, text, heading }: { url: string; title: string; text?: string | null; heading: string }) {
  const targets = shareTargets({ url, title, text });
  return (
    <Box as="section" aria-labelledby="share-heading">
      <Heading as="h2" id="share-heading" fontFamily="heading" fontSize="lg" color="brand.900" display="flex" alignItems="center" gap="2">
        <Share2 aria-hidden="true" size={18} />
        {heading}
      </Heading>
      <Flex as="ul" listStyleType="none" wrap="wrap" gap="3" mt="4">
        {[
          { label: 'Share on LinkedIn', href: targets.linkedIn, newTab: true },
          { label: 'Share on X', href: targets.x, newTab: true },
          { label: 'Share by email', href: targets.email, newTab: false },
        ].map(({ label, href, newTab }) => (
          <li key={label}>
            <Box asChild {...LINK_STYLE}>
              <a href={href} {...(newTab && NEW_TAB)}>
                {!newTab && <Mail aria-hidden="true" size={16} />}
                {label}
                {newTab && <NewTabHint />}
              </a>
            </Box>
          </li>
        ))}
      </Flex>
    </Box>
  );
}
