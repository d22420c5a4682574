import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Card, Heading, HStack, Link as ChakraLink, Stack, Text, type BoxProps } from '@chakra-ui/react';
import { ArrowLeft, Circle, CircleCheck, Mail, RotateCcw, Trash } from 'lucide-react';
import { AdminEnquiryDocument, type AdminEnquiryQuery } from '../../graphql/generated/graphql';
import { useSiteTimeZone } from '../publishing/use-site-time-zone';
import { ScreenHeader } from '../shell/ScreenHeader';
import { receivedAt } from './received-at';
import { useEnquiryActions } from './use-enquiry-actions';

type Enquiry = NonNullable<AdminEnquiryQuery['enquiry']>;

/** A field's name in the details list: beside its value from sm up, above it on phones. */
const Term = ({ children }: { children: ReactNode }) => (
  <Box as="dt" color="fg.muted" fontSize="sm">
    {children}
  </Box>
);

const Definition = ({ children, ...props }: { children: ReactNode } & BoxProps) => (
  <Box as="dd" mb={{ base: '3', sm: '0' }} _last={{ mb: '0' }} {...props}>
    {children}
  </Box>
);

/** Where the list was (its search params), handed over by the list's links so Back returns to the same rows. */
export interface EnquiryLinkState {
  list?: string;
}

const parseId = (value: string | undefined): number | null => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/** The reply link: the visitor's address, with a subject naming what they wrote about. */
export const replyHref = (enquiry: Pick<Enquiry, 'email' | 'serviceLabel'>) => `mailto:${enquiry.email}?subject=${encodeURIComponent(`Re: your enquiry about ${enquiry.serviceLabel}`)}`;

/** Admin screen: one enquiry in full (reading it changes nothing), with reply, mark handled or unhandled, and delete (Undo in the message that follows). */
export function EnquiryPage() {
  const id = parseId(useParams().id);
  const location = useLocation();
  const listHref = `/admin/enquiries${(location.state as EnquiryLinkState | null)?.list ?? ''}`;
  const query = useQuery(AdminEnquiryDocument, { variables: { id: id ?? 0 }, skip: id === null, fetchPolicy: 'cache-and-network' });
  const enquiry = query.data?.enquiry;

  const back = (
    <ChakraLink asChild color="brand.fg" fontSize="sm" mb="4" display="inline-flex" alignItems="center" gap="1">
      <Link to={listHref}>
        <ArrowLeft size={16} aria-hidden /> All enquiries
      </Link>
    </ChakraLink>
  );

  if (id !== null && !query.data) {
    return (
      <Box>
        {back}
        {query.error ? (
          <>
            <ScreenHeader title="Enquiry" description="One message sent through the contact form" />
            <Text color="fg.error">Failed to load the enquiry. Please try again later.</Text>
          </>
        ) : (
          <Text color="fg.muted">Loading...</Text>
        )}
      </Box>
    );
  }
  if (!enquiry) {
    return (
      <Box>
        {back}
        <ScreenHeader title="Enquiry not found" description="There is no enquiry at this address." />
        <Text>It may have been deleted, or the link that led here is out of date.</Text>
      </Box>
    );
  }
  return <EnquiryDetails enquiry={enquiry} back={back} listHref={listHref} />;
}

function EnquiryDetails({ enquiry, back, listHref }: { enquiry: Enquiry; back: ReactNode; listHref: string }) {
  const navigate = useNavigate();
  const { timeZone } = useSiteTimeZone();
  const actions = useEnquiryActions();
  const handled = !!enquiry.handledAt;
  const received = receivedAt(enquiry.createdAt, timeZone);

  async function onDelete() {
    if (await actions.deleteEnquiry(enquiry)) navigate(listHref);
  }

  return (
    <Box>
      {back}
      <ScreenHeader title={`Enquiry from ${enquiry.name}`} description={`Received ${received}${timeZone ? ` (${timeZone})` : ''}`} />

      <HStack gap="3" wrap="wrap" mb="6">
        <Button asChild colorPalette="brand">
          <a href={replyHref(enquiry)}>
            <Mail /> Reply by email
          </a>
        </Button>
        <Button variant="outline" loading={actions.busy === 'handled'} disabled={actions.busy !== null} onClick={() => void actions.markHandled(enquiry.id, !handled)}>
          {handled ? <RotateCcw /> : <CircleCheck />}
          {handled ? 'Mark unhandled' : 'Mark handled'}
        </Button>
        <Button variant="outline" colorPalette="red" loading={actions.busy === 'delete'} disabled={actions.busy !== null} onClick={() => void onDelete()}>
          <Trash /> Delete
        </Button>
      </HStack>

      <Stack gap="6">
        <Card.Root variant="outline" as="section" aria-labelledby="enquiry-details">
          <Card.Header pb="0">
            <Heading as="h2" size="md" id="enquiry-details">
              Details
            </Heading>
          </Card.Header>
          <Card.Body>
            <Box as="dl" display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', sm: '8rem minmax(0, 1fr)' }} columnGap="4" rowGap={{ base: '1', sm: '3' }} alignItems="baseline">
              <Term>Status</Term>
              <Definition>
                {handled ? (
                  <HStack gap="2" wrap="wrap">
                    <Badge colorPalette="gray" gap="1">
                      <CircleCheck size={12} aria-hidden />Handled
                    </Badge>
                    <Text as="span" fontSize="sm" color="fg.muted">
                      {enquiry.handledBy ? `by ${enquiry.handledBy} · ` : ''}
                      <time dateTime={enquiry.handledAt!}>{receivedAt(enquiry.handledAt!, timeZone)}</time>
                    </Text>
                  </HStack>
                ) : (
                  <Badge colorPalette="brand" variant="solid" gap="1">
                    <Circle size={8} fill="currentColor" aria-hidden />Unread
                  </Badge>
                )}
              </Definition>
              <Term>Received</Term>
              <Definition>
                <time dateTime={enquiry.createdAt}>{received}</time>
              </Definition>
              <Term>Name</Term>
              <Definition wordBreak="break-word">{enquiry.name}</Definition>
              <Term>Email</Term>
              <Definition wordBreak="break-all">
                <ChakraLink href={replyHref(enquiry)} color="brand.fg">
                  {enquiry.email}
                </ChakraLink>
              </Definition>
              <Term>Organisation</Term>
              <Definition wordBreak="break-word">{enquiry.organisation || <Text as="span" color="fg.muted">Not given</Text>}</Definition>
              <Term>Service</Term>
              <Definition>{enquiry.serviceLabel}</Definition>
            </Box>
          </Card.Body>
        </Card.Root>

        <Card.Root variant="outline" as="section" aria-labelledby="enquiry-message">
          <Card.Header pb="0">
            <Heading as="h2" size="md" id="enquiry-message">
              Message
            </Heading>
          </Card.Header>
          <Card.Body>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {enquiry.message}
            </Text>
          </Card.Body>
        </Card.Root>

        <Card.Root variant="outline" as="section" aria-labelledby="enquiry-consent">
          <Card.Header pb="0">
            <Heading as="h2" size="md" id="enquiry-consent">
              Consent
            </Heading>
          </Card.Header>
          <Card.Body>
            <Text fontSize="sm" color="fg.muted" mb="2">
              The sender ticked the box agreeing to:
            </Text>
            <Box as="blockquote" borderStartWidth="3px" borderColor="border.emphasized" ps="3" whiteSpace="pre-wrap" wordBreak="break-word">
              {enquiry.consentText}
            </Box>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Box>
  );
}
