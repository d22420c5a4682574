import { lazy, Suspense, type ReactNode } from 'react';
import { Flex, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Globe, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import { ContactSectionDocument } from '../../graphql/generated/graphql';
import { IconBadge } from '../../components/IconBadge';
import { EmptyState } from '../../components/PageStatus';
import { SectionHeading } from '../../components/SectionHeading';
import { LandingSection } from '../landing/LandingSection';
import { contactLabelFor, contactLinkFor } from './contact-link';
import { usePublicQuery } from '../page-data/public-data';

const ICONS: Record<string, LucideIcon> = { Mail, Phone, MapPin, Globe };

const GRID_COLUMNS = { base: 1, sm: 2, xl: 4 };

/** Icon beside the text on phones, above it from md on, so the text gets the card's full width. */
function ContactCardShell({ children }: { children: ReactNode }) {
  return (
    <Flex
      as="li"
      direction={{ base: 'row', md: 'column' }}
      align="flex-start"
      gap="4"
      p={{ base: '5', md: '6' }}
      bg="white"
      rounded="xl"
      borderWidth="1px"
      borderColor="gray.200"
      boxShadow="xs"
      minW="0"
    >
      {children}
    </Flex>
  );
}

// The enquiry form is code of its own, out of what every public page loads: the server renders it
// with the page (it works as a plain form without script); the browser hydrates it once its
// chunk has arrived (React keeps the server's markup meanwhile), and a page reached by navigation
// shows it then. The server loads it before rendering (entry-server.tsx: preloadEnquiryForm).
let enquiryFormModule: typeof import('./EnquiryForm') | null = null;
export const preloadEnquiryForm = () => import('./EnquiryForm').then((module) => (enquiryFormModule = module));
const LazyEnquiryForm = lazy(() => preloadEnquiryForm().then((module) => ({ default: module.EnquiryForm })));

function EnquiryFormSlot() {
  const Loaded = enquiryFormModule?.EnquiryForm;
  return Loaded ? <Loaded /> : <LazyEnquiryForm />;
}

export function ContactSection() {
  const { data, loading, error } = usePublicQuery(ContactSectionDocument);
  return (
    <LandingSection id="contact">
      <SectionHeading id="contact-heading" eyebrow="Get in touch" title="Contact" subtitle="We would be glad to hear about your project." />
      {loading ? (
        <SimpleGrid as="ul" listStyleType="none" columns={GRID_COLUMNS} gap={{ base: '3', md: '6' }} aria-busy="true" aria-label="Loading contact details">
          {[0, 1, 2].map((index) => (
            <ContactCardShell key={index}>
              <Skeleton w="12" h="12" rounded="lg" />
              <Stack flex="1" gap="3">
                <Skeleton h="4" w="40%" />
                <Skeleton h="5" w="80%" />
              </Stack>
            </ContactCardShell>
          ))}
        </SimpleGrid>
      ) : error || !data ? (
        <Text textAlign="center" color="fg.muted" role="alert">
          Contact details could not be loaded. Please try again later
        </Text>
      ) : data.contactInfo.length === 0 ? (
        <EmptyState text="Contact details will be published here soon." />
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={GRID_COLUMNS} gap={{ base: '3', md: '6' }}>
          {data.contactInfo.map((entry) => {
            const Icon = ICONS[entry.icon] ?? Mail;
            const link = contactLinkFor(entry.type, entry.value);
            return (
              <ContactCardShell key={entry.id}>
                <IconBadge icon={Icon} iconSize={22} />
                <Stack gap="1" minW="0" w="full">
                  <Text fontSize="sm" fontWeight="semibold" textTransform="capitalize" color="accent.700">
                    {contactLabelFor(entry.label, entry.type)}
                  </Text>
                  {link ? (
                    <Link href={link.href} target={link.target} rel={link.rel} color="brand.800" fontWeight="medium" overflowWrap="break-word">
                      {entry.value}
                    </Link>
                  ) : (
                    <Text color="gray.800" fontWeight="medium" overflowWrap="break-word" whiteSpace="pre-line">
                      {entry.value}
                    </Text>
                  )}
                </Stack>
              </ContactCardShell>
            );
          })}
        </SimpleGrid>
      )}
      <Suspense fallback={null}>
        <EnquiryFormSlot />
      </Suspense>
    </LandingSection>
  );
}
