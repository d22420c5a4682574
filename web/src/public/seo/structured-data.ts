import { FIRM_NAME, FIRM_SHORT_DESCRIPTION } from '../firm';
import type { StructuredData } from '../page-meta';
import { absoluteUrl } from './head-tags';
import { articlePath, projectPath } from '../item-paths';

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
  /** The article's own page is /news/<slug>. */
  slug?: string | null;
}

/** Google shows at most 110 characters of an article's headline. */
export const HEADLINE_MAX_LENGTH = 110;

const firmAuthor = (origin: string) => ({ '@type': 'Organization', name: FIRM_NAME, url: `${origin}/` });
const firmPublisher = (origin: string) => ({
  '@type': 'Organization',
  '@id': organizationId(origin),
  name: FIRM_NAME,
  logo: absoluteUrl(origin, ORGANIZATION_LOGO_PATH),
});

/**
 * One NewsArticle per news item, published by the firm. An item with an external link points
 * there; one without points to its own page (or, with no slug, to the news page).
 */
export function newsArticlesData(origin: string, news: NewsEntry[]): StructuredData[] {
  return news.map((item) => {
    const page = !item.link && item.slug ? absoluteUrl(origin, articlePath(item.slug)) : `${origin}/news`;
    return {
      '@context': CONTEXT,
      '@type': 'NewsArticle',
      headline: item.title.slice(0, HEADLINE_MAX_LENGTH),
      description: item.brief,
      image: [absoluteUrl(origin, item.pictureUrl)],
      url: item.link || page,
      mainEntityOfPage: page,
      ...(item.createdAt ? { datePublished: item.createdAt } : {}),
      author: firmAuthor(origin),
      publisher: firmPublisher(origin),
    };
  });
}

/** Images of an item for search engines: its link-preview variant (1200x630) and the picture itself, absolute. */
function itemImages(origin: string, pictureUrl: string, socialImage: string): string[] {
  return [...new Set([absoluteUrl(origin, socialImage), absoluteUrl(origin, pictureUrl)])];
}

interface ArticleEntry {
  slug: string;
  title: string;
  description: string;
  pictureUrl: string;
  socialImage: string;
  createdAt: string;
  updatedAt: string;
}

/** The NewsArticle of a news item's own page: the page is the article, the firm its author and publisher. */
export function newsArticleData(origin: string, item: ArticleEntry): StructuredData {
  const url = absoluteUrl(origin, articlePath(item.slug));
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: item.title.slice(0, HEADLINE_MAX_LENGTH),
    description: item.description,
    image: itemImages(origin, item.pictureUrl, item.socialImage),
    datePublished: item.createdAt,
    dateModified: item.updatedAt,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: firmAuthor(origin),
    publisher: firmPublisher(origin),
  };
}

interface ProjectEntry {
  slug: string;
  title: string;
  description?: string | null;
  pictureUrl: string;
  socialImage: string;
  updatedAt: string;
  country?: string | null;
}

/** The CreativeWork of a project's own page: a piece of work by the firm, where it took place. */
export function creativeWorkData(origin: string, item: ProjectEntry): StructuredData {
  const url = absoluteUrl(origin, projectPath(item.slug));
  return {
    '@context': CONTEXT,
    '@type': 'CreativeWork',
    name: item.title,
    headline: item.title.slice(0, HEADLINE_MAX_LENGTH),
    ...(item.description ? { description: item.description } : {}),
    image: itemImages(origin, item.pictureUrl, item.socialImage),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    dateModified: item.updatedAt,
    ...(item.country ? { contentLocation: { '@type': 'Place', name: item.country } } : {}),
    creator: firmAuthor(origin),
    publisher: firmPublisher(origin),
  };
}
