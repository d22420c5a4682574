import { FIRM_NAME, FIRM_SHORT_DESCRIPTION } from '../firm';
import type { StructuredData } from '../page-meta';
import { absoluteUrl } from './head-tags';

// schema.org descriptions of the firm and its news, embedded as JSON-LD by the server renderer.

/** The firm's logo for search engines: a raster file served from web/public. */
export const ORGANIZATION_LOGO_PATH = '/logo.png';

const CONTEXT = 'https://schema.org';

export const organizationId = (origin: string) => `${origin}/#organization`;

interface ContactEntry {
  type: string;
  value: string;
  label?: string | null;
}

interface SisterCompany {
  name: string;
  websiteUrl: string;
  logoUrl: string;
  description?: string | null;
}

function contactPoint(entry: ContactEntry): StructuredData | null {
  const contactType = entry.label?.trim() || entry.type;
  switch (entry.type.trim().toLowerCase()) {
    case 'email':
      return { '@type': 'ContactPoint', contactType, email: entry.value.trim() };
    case 'phone':
      return { '@type': 'ContactPoint', contactType, telephone: entry.value.trim() };
    case 'website':
      return { '@type': 'ContactPoint', contactType, url: entry.value.trim() };
    default:
      return null;
  }
}

/** The firm: name, logo, contact points, postal address and the group's sister companies. */
export function organizationData(
  origin: string,
  { description, contacts, sisters, website }: { description?: string; contacts: ContactEntry[]; sisters: SisterCompany[]; website?: string },
): StructuredData {
  const addresses = contacts.filter((entry) => entry.type.trim().toLowerCase() === 'address').map((entry) => entry.value.trim());
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: FIRM_NAME,
    url: `${origin}/`,
    logo: absoluteUrl(origin, ORGANIZATION_LOGO_PATH),
    description: description || FIRM_SHORT_DESCRIPTION,
    ...(website ? { sameAs: [website] } : {}),
    ...(addresses.length > 0 ? { address: addresses[0] } : {}),
    contactPoint: contacts.map(contactPoint).filter((point) => point !== null),
    // The sister companies of the group ("Companies" on the landing page).
    subOrganization: sisters.map((sister) => ({
      '@type': 'Organization',
      name: sister.name,
      url: sister.websiteUrl,
      logo: absoluteUrl(origin, sister.logoUrl),
      ...(sister.description ? { description: sister.description } : {}),
    })),
  };
}

interface NewsEntry {
  title: string;
  brief: string;
  pictureUrl: string;
  link?: string | null;
  createdAt?: string | null;
}

/** One NewsArticle per news item, published by the firm. */
export function newsArticlesData(origin: string, news: NewsEntry[]): StructuredData[] {
  return news.map((item) => ({
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: item.title.slice(0, 110),
    description: item.brief,
    image: [absoluteUrl(origin, item.pictureUrl)],
    url: item.link || `${origin}/news`,
    mainEntityOfPage: `${origin}/news`,
    ...(item.createdAt ? { datePublished: item.createdAt } : {}),
    author: { '@type': 'Organization', name: FIRM_NAME, url: `${origin}/` },
    publisher: { '@type': 'Organization', '@id': organizationId(origin), name: FIRM_NAME, logo: absoluteUrl(origin, ORGANIZATION_LOGO_PATH) },
  }));
}
