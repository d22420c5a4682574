import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useSite } from '../site/use-site';

// The words beside the contact form's consent box: the firm's own (site settings), else a sentence
// linking the privacy page when the footer links one.

/** The consent words when the firm has not written its own (site settings, enquiryPrivacyText). */
export const DEFAULT_PRIVACY_TEXT = 'We use your details only to answer your message. See our privacy policy.';

/** The privacy page the consent words link: a footer page whose slug or title names privacy. */
function usePrivacyPath(): string | null {
  const page = useSite().footerPages.find((p) => /privacy/i.test(p.slug) || /privacy/i.test(p.title));
  return page ? `/${page.slug}` : null;
}

export function PrivacyText({ custom }: { custom: string | null }) {
  const privacyPath = usePrivacyPath();
  if (custom) return <>{custom}</>;
  if (!privacyPath) return <>We use your details only to answer your message.</>;
  return (
    <>
      We use your details only to answer your message. See our{' '}
      <Link asChild color="brand.800" textDecoration="underline" fontWeight="medium">
        <RouterLink to={privacyPath}>privacy policy</RouterLink>
      </Link>
      .
    </>
  );
}

