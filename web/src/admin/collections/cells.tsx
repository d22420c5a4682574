import { Badge, Box, Image, Link, Text } from '@chakra-ui/react';
import { Globe, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ContactIcon as ContactIconName } from '@consulting/model';
import type { Column } from './collection-definition';
import { thumbnailSrc } from '../forms/thumbnail-src';

// Table cell renderers shared by the collection definitions.

/** Tile sizes per kind: flags about 3:2, logos wide, pictures square. */
const TILE = { square: { w: '12', h: '12' }, flag: { w: '12', h: '8' }, logo: { w: '16', h: '10' } } as const;

/**
 * A picture shown whole (never cropped) on a neutral tile of a fixed size, which a narrow table
 * column cannot squeeze: a wide flag or logo is letterboxed instead of cut to a sliver.
 */
export function Thumbnail({ src, alt, shape = 'square' }: { src: string; alt: string; shape?: keyof typeof TILE }) {
  const { w, h } = TILE[shape];
  return (
    <Box as="span" display="inline-flex" w={w} minW={w} h={h} flexShrink={0} p="0.5" bg="bg.muted" borderWidth="1px" rounded={shape === 'square' ? 'md' : 'sm'} overflow="hidden" verticalAlign="middle">
      <Image src={thumbnailSrc(src)} alt={alt} w="full" h="full" maxW="none" objectFit="contain" loading="lazy" />
    </Box>
  );
}

/** Optional text: the value, or a dash when there is none. */
export function OrDash({ value }: { value: string | null | undefined }) {
  return value ? <>{value}</> : <Text as="span" color="fg.subtle">-</Text>;
}

export function ExternalLink({ href }: { href: string | null | undefined }) {
  if (!href) return <OrDash value={null} />;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="brand.fg" maxW="40" truncate display="block" title={href}>
      {href}
    </Link>
  );
}

export function FeaturedBadge({ featured }: { featured: boolean }) {
  return featured ? (
    <Badge colorPalette="green" variant="subtle">
      Featured
    </Badge>
  ) : (
    <Badge colorPalette="gray" variant="subtle">
      Not Featured
    </Badge>
  );
}

/** Clipped long text so a row stays one or two lines high. */
export function Clamp({ children }: { children: string | null | undefined }) {
  return (
    <Text lineClamp={2} minW="40" maxW="md" color="fg.muted">
      {children}
    </Text>
  );
}

/** A drawing for each of the content model's contact icons (the type makes a new icon need one). */
export const CONTACT_ICON_COMPONENTS: Record<ContactIconName, LucideIcon> = { Mail, Phone, MapPin, Globe };

export function ContactIcon({ icon }: { icon: string }) {
  const Icon = CONTACT_ICON_COMPONENTS[icon as ContactIconName] ?? Mail;
  return <Icon size={18} aria-label={icon} role="img" />;
}

/** The 'Picture' column of the types with an uploaded picture: its alt text, else the row's `nameField`. */
export function pictureColumn(nameField: string): Column<{ pictureUrl: string; altText: string | null }> {
  return {
    header: 'Picture',
    width: '1%',
    cell: (row) => <Thumbnail src={row.pictureUrl} alt={row.altText || String((row as Record<string, unknown>)[nameField] ?? '')} />,
  };
}

/** Every collection's last column. */
export const displayOrderColumn: Column<{ displayOrder: number }> = {
  header: 'Display Order',
  width: '1%',
  align: 'end',
  cell: (row) => row.displayOrder,
  sortField: 'displayOrder',
};
