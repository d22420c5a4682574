import type { StructuredData } from '../page-meta';
import { absoluteUrl } from '../absolute-url';
import { articlePath, projectPath } from '../item-paths';
import type { Site } from '../site/site';

// schema.org descriptions of the firm and its news, embedded as JSON-LD by the server renderer
// (only the server loads this module: pages name what they describe as data, StructuredDataSpec).

/** The firm's square icon (icons/icon-512.png, made from the Site screen's icon): its logo without a logo picture. */
export const ORGANIZATION_ICON_PATH = '/icons/icon-512.png';

const CONTEXT = 'https://schema.org';

export const organizationId = (origin: string) => `${origin}/#organization`;

/** The firm's logo for search engines: its logo picture, else its square icon; absolute. */
const organizationLogo = (origin: string, site: Site) => absoluteUrl(origin, site.logoUrl ?? ORGANIZATION_ICON_PATH);

export interface ContactEntry {
  type: string;
  value: string;
  label?: string | null;
}

export interface SisterCompany {
  name: string;
  websiteUrl: string;
  logoUrl: string;
  description?: string | null;
}

/**
 * schema.org's contactType is a purpose from its vocabulary ("customer service", "sales", ...),
 * never the entry's label on the page or its kind: the firm's contact entries are its general
 * enquiries, "customer service".
 */
export const CONTACT_TYPE = 'customer service';

function contactPoint(entry: ContactEntry): StructuredData | null {
  const value = entry.value.trim();
  switch (entry.type.trim().toLowerCase()) {
    case 'email':
      return { '@type': 'ContactPoint', contactType: CONTACT_TYPE, email: value };
    case 'phone':
      return { '@type': 'ContactPoint', contactType: CONTACT_TYPE, telephone: value };
    case 'website':
      return { '@type': 'ContactPoint', contactType: CONTACT_TYPE, url: value };
    default:
      return null;
  }
}

/** The firm's postal address from the site settings (only the parts given), or null without any. */
function postalAddress(site: Site): StructuredData | null {
  const { streetAddress, postalCode, city, region, country } = site.address;
  const parts = {
    ...(streetAddress ? { streetAddress: streetAddress.replace(/\s*\n\s*/g, ', ') } : {}),
    ...(postalCode ? { postalCode } : {}),
    ...(city ? { addressLocality: city } : {}),
    ...(region ? { addressRegion: region } : {}),
    ...(country ? { addressCountry: country } : {}),
  };
  return Object.keys(parts).length > 0 ? { '@type': 'PostalAddress', ...parts } : null;
}

/** What the landing page's Organization is made of, besides the site settings. */
export interface OrganizationFacts {
  /** The firm's main website (the landing content's). */
  website?: string;
  contacts: ContactEntry[];
  sisters: SisterCompany[];
}

/**
 * The firm: name, logo, description and postal address from the site settings, its profiles
 * (social links, main website) as sameAs, contact points and the group's sister companies. Without
 * an address in the settings, a contact entry of type address is the address, as written.
 */
export function organizationData(origin: string, site: Site, { contacts, sisters, website }: OrganizationFacts): StructuredData {
  const address = postalAddress(site) ?? contacts.find((entry) => entry.type.trim().toLowerCase() === 'address')?.value.trim();
  const sameAs = [...new Set([...site.social.map((link) => link.url), ...(website ? [website] : [])])];
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: site.firmName,
    url: `${origin}/`,
    logo: organizationLogo(origin, site),
    description: site.description,
    ...(address ? { address } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
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

export interface NewsEntry {
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

const firmAuthor = (origin: string, site: Site) => ({ '@type': 'Organization', name: site.firmName, url: `${origin}/` });
const firmPublisher = (origin: string, site: Site) => ({
  '@type': 'Organization',
  '@id': organizationId(origin),
  name: site.firmName,
  logo: organizationLogo(origin, site),
});

/**
 * One NewsArticle per news item, published by the firm. An item with an external link points
 * there; one without points to its own page (or, with no slug, to the news page).
 */
export function newsArticlesData(origin: string, site: Site, news: NewsEntry[]): StructuredData[] {
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
      author: firmAuthor(origin, site),
      publisher: firmPublisher(origin, site),
    };
  });
}

/** Images of an item for search engines: its link-preview variant (1200x630) and the picture itself, absolute. */
function itemImages(origin: string, pictureUrl: string, socialImage: string): string[] {
  return [...new Set([absoluteUrl(origin, socialImage), absoluteUrl(origin, pictureUrl)])];
}

export interface ArticleEntry {
  slug: string;
  title: string;
  description: string;
  pictureUrl: string;
  socialImage: string;
  createdAt: string;
  updatedAt: string;
}

/** The NewsArticle of a news item's own page: the page is the article, the firm its author and publisher. */
export function newsArticleData(origin: string, site: Site, item: ArticleEntry): StructuredData {
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
    author: firmAuthor(origin, site),
    publisher: firmPublisher(origin, site),
  };
}

export interface ProjectEntry {
  slug: string;
  title: string;
  description?: string | null;
  pictureUrl: string;
  socialImage: string;
  updatedAt: string;
  country?: string | null;
}

/** The CreativeWork of a project's own page: a piece of work by the firm, where it took place. */
export function creativeWorkData(origin: string, site: Site, item: ProjectEntry): StructuredData {
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
    creator: firmAuthor(origin, site),
    publisher: firmPublisher(origin, site),
  };
}

/** What a page describes in JSON-LD, as data: the server renderer makes the JSON-LD (structuredDataOf). */
export type StructuredDataSpec =
  | ({ type: 'Organization' } & OrganizationFacts)
  | { type: 'NewsArticles'; items: NewsEntry[] }
  | { type: 'NewsArticle'; item: ArticleEntry }
  | { type: 'CreativeWork'; item: ProjectEntry };

/** The JSON-LD of what a page describes, with the site's public origin and the firm's settings. */
export function structuredDataOf(spec: StructuredDataSpec, origin: string, site: Site): StructuredData[] {
  switch (spec.type) {
    case 'Organization':
      return [organizationData(origin, site, spec)];
    case 'NewsArticles':
      return newsArticlesData(origin, site, spec.items);
    case 'NewsArticle':
      return [newsArticleData(origin, site, spec.item)];
    case 'CreativeWork':
      return [creativeWorkData(origin, site, spec.item)];
  }
}
