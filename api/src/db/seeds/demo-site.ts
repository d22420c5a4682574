import type { EntityManager } from '@mikro-orm/postgresql';
import * as model from '@consulting/model';
import { entityOf } from '../../content/registry.js';
import { bulletList, documentOf, heading, paragraph, PLACEHOLDER_LEGAL_PAGES, type LegalPage } from '../../content/pages/legal-pages.js';
import { ContentDraft } from '../../content/publication/content-draft.entity.js';

const SiteSettings = entityOf(model.siteSettings);
const Page = entityOf(model.pages);

// The demo firm's identity (the site settings) and its legal pages, published with fictional text
// that says it is a demo: `npm run seed:demo` (demo-content.ts). A fresh install keeps the neutral
// defaults ("Your Firm") and the placeholder drafts instead (first-start.ts).

/** The demo firm, as the Site screen would hold it (a fictional address; example links). */
export const DEMO_FIRM = {
  firmName: 'Meridian Advisory',
  shortName: 'Meridian',
  description: 'Management and strategy consultants helping governments and companies plan, reform and grow.',
  streetAddress: '12 Example Street, Suite 400',
  postalCode: '10115',
  city: 'Springfield',
  region: null,
  country: 'Exampleland',
  linkedinUrl: 'https://www.linkedin.com/company/example',
} as const;

const DEMO_NOTE = paragraph('This is demo content for Meridian Advisory, a fictional firm. It is not a real policy and not legal advice.');

/** The legal pages with the demo firm's fictional text (same titles and slugs as the placeholders). */
export const DEMO_LEGAL_PAGES: readonly LegalPage[] = PLACEHOLDER_LEGAL_PAGES.map((placeholder): LegalPage => {
  const bodies: Record<string, model.RichTextDocument> = {
    'privacy-policy': documentOf(
      DEMO_NOTE,
      heading('Controller and contact'),
      paragraph('Meridian Advisory, 12 Example Street, Suite 400, 10115 Springfield, Exampleland; privacy@consulting.example. Our data protection officer can be reached at the same address.'),
      heading('Purposes and legal bases'),
      bulletList(
        'Running this website (server logs kept for security): legitimate interests, Article 6(1)(f) GDPR.',
        'Answering your enquiries: steps before a contract or our legitimate interest in replying, Article 6(1)(b) and (f).',
        'Client work and invoicing: the contract and our legal obligations, Article 6(1)(b) and (c).',
      ),
      heading('Recipients'),
      paragraph('Our hosting provider and email service process data on our behalf under data processing agreements. We transfer no data outside the EU/EEA.'),
      heading('Retention'),
      paragraph('Server logs: 14 days. Enquiries: 12 months after the last contact. Client records: as long as tax and commercial law require.'),
      heading('Your rights'),
      bulletList(
        'Access, rectification and erasure (Articles 15 to 17 GDPR).',
        'Restriction, portability and objection (Articles 18, 20 and 21 GDPR).',
        'Withdrawal of consent at any time.',
      ),
      heading('Complaints'),
      paragraph('You may complain to a supervisory authority, such as the (fictional) Exampleland Data Protection Commission, 1 Authority Square, Springfield.'),
    ),
    imprint: documentOf(
      DEMO_NOTE,
      heading('Provider'),
      paragraph('Meridian Advisory GmbH (fictional), 12 Example Street, Suite 400, 10115 Springfield, Exampleland.'),
      heading('Contact'),
      paragraph('Email: hello@consulting.example. Telephone: +1 555 0100.'),
      heading('Register and VAT'),
      paragraph('Commercial register: Springfield District Court, HRB 000000 (fictional). VAT identification number: XX000000000 (fictional).'),
      heading('Managing directors'),
      paragraph('Alex Example and Sam Sample.'),
      heading('Responsible for the content'),
      paragraph('Alex Example, address as above.'),
    ),
    'accessibility-statement': documentOf(
      DEMO_NOTE,
      heading('Conformance status'),
      paragraph('We aim for EN 301 549 and WCAG 2.2 level AA. This website partially conforms: most pages meet the standard; the exceptions are listed below. Last assessed in November 2026 by our own review.'),
      heading('Known issues'),
      paragraph('Some older project pictures have short alternative texts. We are rewriting them.'),
      heading('Feedback and contact'),
      paragraph('Tell us about a barrier at accessibility@consulting.example. We answer within ten working days.'),
      heading('Enforcement procedure'),
      paragraph('If our answer does not resolve the problem, contact the (fictional) Exampleland Accessibility Enforcement Office, 2 Authority Square, Springfield.'),
    ),
  };
  return { ...placeholder, body: bodies[placeholder.slug] ?? placeholder.body };
});

/**
 * Writes the demo firm into the site settings and publishes the legal pages with the demo text, in
 * the caller's transaction (after the collections were emptied), in place of the placeholder drafts
 * of a fresh install.
 */
export async function seedDemoSite(tx: EntityManager): Promise<{ pages: number }> {
  const settings = (await tx.find(SiteSettings, {}, { orderBy: { id: 'asc' }, limit: 1 }))[0] ?? tx.create(SiteSettings, model.initialRecord(model.siteSettings) as never);
  tx.assign(settings, DEMO_FIRM as never);
  // The placeholders give way to the published pages (like every collection's records, the pages
  // are new ones; the seed heads their history, demo-content.ts).
  const drafts = await tx.find(ContentDraft, { collection: model.pages.restPath, live: false, wasPublished: false });
  for (const draft of drafts) if (DEMO_LEGAL_PAGES.some((page) => page.slug === draft.values.slug)) tx.remove(draft);
  for (const [index, page] of DEMO_LEGAL_PAGES.entries()) {
    tx.create(Page, {
      title: page.title,
      slug: page.slug,
      description: page.description,
      body: model.plainTextOf(page.body),
      bodyDocument: page.body,
      linkedFrom: 'footer',
      displayOrder: index,
    } as never);
  }
  return { pages: DEMO_LEGAL_PAGES.length };
}
