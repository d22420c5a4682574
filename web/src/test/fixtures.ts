// Fictional records shaped like the public GraphQL answers.

export function newsItem(id: number, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'News',
    id,
    title: `News ${id}`,
    brief: `Brief ${id}`,
    content: null,
    pictureUrl: `/uploads/news-${id}.png`,
    altText: null,
    link: null,
    featured: false,
    createdAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A news item as the landing preview fetches it (no article text). */
export function newsPreviewItem(id: number, overrides: Record<string, unknown> = {}) {
  const { content: _content, ...item } = newsItem(id, overrides);
  return item;
}

export function project(id: number, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Client',
    id,
    title: `Project ${id}`,
    brief: null,
    pictureUrl: `/uploads/client-${id}.png`,
    altText: null,
    country: null,
    featured: false,
    ...overrides,
  };
}

export function teamMember(id: number, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'TeamMember',
    id,
    name: `Member ${id}`,
    position: `Position ${id}`,
    pictureUrl: `/uploads/team-${id}.png`,
    altText: null,
    brief: null,
    ...overrides,
  };
}

export function contactEntry(id: number, type: string, value: string, overrides: Record<string, unknown> = {}) {
  return { __typename: 'ContactInfo', id, type, value, label: null, icon: 'Mail', ...overrides };
}

export const landingData = {
  landingContent: {
    __typename: 'LandingContent',
    id: 1,
    heroTagline: 'Clear strategy. Measurable results.',
    heroSubtitle: 'Independent consultants.',
    companyDescription: 'We are a fictional firm.',
    mainWebsiteUrl: 'https://example.com',
  },
  statistics: {
    __typename: 'Statistics',
    id: 1,
    yearEstablished: '2009',
    expertCount: 45,
    projectCount: 320,
    partnerCount: 28,
  },
  countries: [{ __typename: 'Country', id: 1, name: 'Freedonia', code: 'FD', flagImageUrl: '/uploads/fd.png' }],
  brands: [
    { __typename: 'Brand', id: 1, name: 'Northwind Analytics', logoUrl: '/uploads/nw.png', websiteUrl: 'https://nw.example', description: 'Data platforms.' },
    { __typename: 'Brand', id: 2, name: 'Halcyon Lab', logoUrl: '/uploads/hl.png', websiteUrl: 'https://hl.example', description: null },
  ],
  // The previews as the server chose them (api/src/content/previews.service.ts).
  newsPreview: [newsPreviewItem(1), newsPreviewItem(2, { link: 'https://news.example/2' }), newsPreviewItem(3)],
  projectsPreview: [project(1, { country: 'Freedonia' }), project(2)],
};

/** The site settings as the PublicSite query answers them: the demo firm, no optional field given. */
export function siteSettings(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'SiteSettings',
    id: 1,
    version: 3,
    firmName: 'Meridian Advisory',
    shortName: null,
    description: 'Management and strategy consultants helping governments and companies plan, reform and grow.',
    logoUrl: null,
    logoDarkUrl: null,
    iconUrl: null,
    shareImageUrl: null,
    footerText: null,
    copyrightHolder: null,
    streetAddress: null,
    postalCode: null,
    city: null,
    region: null,
    country: null,
    linkedinUrl: null,
    xUrl: null,
    youtubeUrl: null,
    instagramUrl: null,
    facebookUrl: null,
    githubUrl: null,
    locale: 'en-US',
    timeZone: 'UTC',
    enquiryPrivacyText: null,
    ...overrides,
  };
}

/** A simple page as the footer's list has it (the pages linked from the footer). */
export function footerPage(id: number, title: string, slug: string) {
  return { __typename: 'Page', id, title, slug };
}

/** The PublicSite answer: the settings and the pages the footer links. */
export function publicSite(settings: Record<string, unknown> = {}, pages: ReturnType<typeof footerPage>[] = []) {
  return { siteSettings: siteSettings(settings), footerPages: pages };
}
