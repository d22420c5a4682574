import type { EntityManager } from '@mikro-orm/postgresql';
import * as model from '@consulting/model';
import sharp from 'sharp';
import { entityOf } from '../../content/registry.js';
import { bulletList, documentOf, heading, paragraph, PLACEHOLDER_LEGAL_PAGES, type LegalPage } from '../../content/pages/legal-pages.js';
import { ContentDraft } from '../../content/publication/content-draft.entity.js';
import type { ImageStorage } from '../../uploads/storage.js';
import { saveImage } from '../../uploads/upload.service.js';

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
      paragraph('Meridian Advisory, 12 Example Street, Suite 400, 10115 Springfield, Exampleland; privacy@consulting.example. Our data protection officer has the same address.'),
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
        'Withdrawal of consent whenever you wish.',
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
      paragraph('Tell us about a barrier: accessibility@consulting.example. We answer within ten working days.'),
      heading('Enforcement procedure'),
      paragraph('If our answer does not resolve the problem, contact the (fictional) Exampleland Accessibility Enforcement Office, 2 Authority Square, Springfield.'),
    ),
  };
  return { ...placeholder, body: bodies[placeholder.slug] ?? placeholder.body };
});

/**
 * The demo firm's square mark (web/src/components/Logo.tsx LogoMark: a globe of meridians under a
 * brass arc) on white, `size` pixels square: the site's icon, the favicon and app icons' source.
 */
export function demoMarkPng(size = 512): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="-6 -6 60 60">
  <rect x="-6" y="-6" width="60" height="60" fill="#ffffff"/>
  <circle cx="24" cy="24" r="21" fill="none" stroke="#17365e" stroke-width="2.5"/>
  <ellipse cx="24" cy="24" rx="9" ry="21" fill="none" stroke="#17365e" stroke-width="2"/>
  <line x1="24" y1="3" x2="24" y2="45" stroke="#17365e" stroke-width="2"/>
  <path d="M5 17 H43 M5 31 H43" stroke="#17365e" stroke-width="1.5" opacity="0.7"/>
  <path d="M8 12 A21 21 0 0 1 40 12" fill="none" stroke="#cfa446" stroke-width="3.5" stroke-linecap="round"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Writes the demo firm (and its mark as the icon) into the site settings and publishes the legal pages with the demo text, in
 * the caller's transaction (after the collections were emptied), in place of the placeholder drafts
 * of a fresh install.
 */
export async function seedDemoSite(tx: EntityManager, storage: ImageStorage): Promise<{ pages: number }> {
  // Its mark, stored like an upload (re-encoded, with variants): the site's icon.
  const { url: iconUrl } = await saveImage(await demoMarkPng(), storage, 'demo-icon');
  const settings = (await tx.find(SiteSettings, {}, { orderBy: { id: 'asc' }, limit: 1 }))[0] ?? tx.create(SiteSettings, model.initialRecord(model.siteSettings) as never);
  tx.assign(settings, { ...DEMO_FIRM, iconUrl } as never);
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
