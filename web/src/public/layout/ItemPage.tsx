import type { ReactNode } from 'react';
import { AspectRatio, Box, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { SOCIAL_IMAGE, socialImageOf, type RichTextDocument } from '@consulting/model';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { RichText } from '../../components/RichText';
import { ShareLinks } from '../../components/ShareLinks';
import { variantSources } from '../../components/responsive-image';
import { PageMeta, type PageMetaValues, type PreloadImage } from '../page-meta';
import { absoluteUrl } from '../absolute-url';
import { useSiteOrigin } from '../site-origin';

/** The widths the page's picture is shown at: the article column (56rem), or the screen less its padding. */
export const ITEM_PICTURE_SIZES = '(min-width: 60rem) 896px, calc(100vw - 2rem)';

/** A neighbour in the public list (previous or next item). */
export interface ItemNeighbour {
  slug: string;
  title: string;
}

/** What an item's own page shows (a news article, a project). */
export interface ItemPageContent {
  path: string;
  title: string;
  brief?: string | null;
  pictureUrl: string;
  altText?: string | null;
  pageTitle?: string | null;
  pageDescription?: string | null;
  document: RichTextDocument | null;
  previous?: ItemNeighbour | null;
  next?: ItemNeighbour | null;
}

/** The words of one kind of item's page: "article"/"articles" with its list, or "project". */
export interface ItemPageWords {
  /** "article": in "Previous article: <title>". */
  noun: string;
  /** "Back to all news". */
  back: { label: string; to: string };
  /** The path of a neighbour's page. */
  pathOf: (slug: string) => string;
}

/**
 * The head of an item's page: its own title and description (defaulting to the item's title and
 * brief), OpenGraph `article` with the 1200x630 link-preview picture, and the item's JSON-LD.
 */
export function itemPageMeta(item: ItemPageContent, firmName: string, extra: Pick<PageMetaValues, 'article' | 'feeds'> & Required<Pick<PageMetaValues, 'structuredData'>>): PageMetaValues {
  const socialImage = socialImageOf(item.pictureUrl);
  const variants = variantSources(item.pictureUrl);
  const preload: PreloadImage = variants ? { href: item.pictureUrl, srcSet: variants.avif, sizes: ITEM_PICTURE_SIZES, type: 'image/avif' } : item.pictureUrl;
  return {
    title: `${item.pageTitle || item.title} | ${firmName}`,
    description: item.pageDescription || item.brief || item.title,
    type: 'article',
    image: socialImage,
    // The size is known only of the variant made from an upload (an external picture is its own).
    ...(socialImage !== item.pictureUrl ? { imageSize: { ...SOCIAL_IMAGE } } : {}),
    imageAlt: item.altText || item.title,
    preloadImages: [preload],
    ...extra,
  };
}

/**
 * A news article's or a project's own page: a way back to the list, the item's eyebrow (date,
 * country), title, brief as the lead, picture, rich text, what `after` adds (the original's
 * link), share links and the previous and next items.
 */
export function ItemPage({ item, meta, words, eyebrow, after }: { item: ItemPageContent; meta: PageMetaValues; words: ItemPageWords; eyebrow?: ReactNode; after?: ReactNode }) {
  const origin = useSiteOrigin();
  const url = absoluteUrl(origin, item.path);
  return (
    <>
      <PageMeta {...meta} />
      <Container as="article" maxW="4xl" py={{ base: '8', md: '14' }}>
        <BackLink {...words.back} />
        <Box as="header" mt={{ base: '6', md: '8' }}>
          {eyebrow}
          <Heading as="h1" mt="3" fontFamily="heading" fontWeight="semibold" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.15" color="brand.900" overflowWrap="break-word">
            {item.title}
          </Heading>
          {item.brief && (
            <Text mt={{ base: '4', md: '5' }} maxW="65ch" fontSize={{ base: 'lg', md: 'xl' }} lineHeight="1.6" color="gray.700">
              {item.brief}
            </Text>
          )}
        </Box>
        <AspectRatio ratio={16 / 9} mt={{ base: '6', md: '10' }} bg="brand.50" rounded="xl" overflow="hidden">
          <Box>
            <ResponsiveImage
              src={item.pictureUrl}
              alt={item.altText || item.title}
              sizes={ITEM_PICTURE_SIZES}
              eager
              width={896}
              height={504}
              w="full"
              h="full"
              objectFit="cover"
            />
          </Box>
        </AspectRatio>
        <RichText doc={item.document} mt={{ base: '8', md: '12' }} />
        {after}
        <Box mt={{ base: '10', md: '14' }} pt={{ base: '8', md: '10' }} borderTopWidth="1px" borderColor="gray.200">
          <ShareLinks url={url} title={item.title} text={item.brief} heading={`Share this ${words.noun}`} />
        </Box>
        <Neighbours previous={item.previous} next={item.next} words={words} />
        <Box mt={{ base: '8', md: '10' }}>
          <BackLink {...words.back} />
        </Box>
      </Container>
    </>
  );
}

function BackLink({ label, to }: { label: string; to: string }) {
  return (
    <Box asChild display="inline-flex" alignItems="center" gap="2" color="brand.700" fontWeight="semibold" fontSize="sm" textDecoration="none" _hover={{ textDecoration: 'underline' }}>
      <RouterLink to={to}>
        <ArrowLeft aria-hidden="true" size={16} />
        {label}
      </RouterLink>
    </Box>
  );
}

function Neighbours({ previous, next, words }: { previous?: ItemNeighbour | null; next?: ItemNeighbour | null; words: ItemPageWords }) {
  if (!previous && !next) return null;
  return (
    <Box as="nav" aria-label={`More ${words.noun}s`} mt={{ base: '8', md: '10' }}>
      <Flex as="ul" listStyleType="none" direction={{ base: 'column', md: 'row' }} gap="4" justify="space-between">
        {previous && (
          <Box as="li" flex="1" minW="0">
            <NeighbourLink neighbour={previous} to={words.pathOf(previous.slug)} label={`Previous ${words.noun}`} direction="previous" />
          </Box>
        )}
        {next && (
          <Box as="li" flex="1" minW="0" ms={{ md: 'auto' }} textAlign={{ md: 'end' }}>
            <NeighbourLink neighbour={next} to={words.pathOf(next.slug)} label={`Next ${words.noun}`} direction="next" />
          </Box>
        )}
      </Flex>
    </Box>
  );
}

function NeighbourLink({ neighbour, to, label, direction }: { neighbour: ItemNeighbour; to: string; label: string; direction: 'previous' | 'next' }) {
  return (
    <Box
      asChild
      display="block"
      h="full"
      p="4"
      rounded="lg"
      borderWidth="1px"
      borderColor="gray.200"
      bg="white"
      textDecoration="none"
      _hover={{ borderColor: 'brand.300', boxShadow: 'sm' }}
    >
      <RouterLink to={to} rel={direction === 'previous' ? 'prev' : 'next'} aria-label={`${label}: ${neighbour.title}`}>
        <Text as="span" display="flex" alignItems="center" gap="1.5" justifyContent={direction === 'next' ? { md: 'flex-end' } : undefined} fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="0.06em" color="accent.700">
          {direction === 'previous' && <ArrowLeft aria-hidden="true" size={14} />}
          {label}
          {direction === 'next' && <ArrowRight aria-hidden="true" size={14} />}
        </Text>{' '}
        <Text as="span" display="block" mt="1" fontFamily="heading" fontWeight="semibold" color="brand.900" overflowWrap="break-word">
          {neighbour.title}
        </Text>
      </RouterLink>
    </Box>
  );
}
