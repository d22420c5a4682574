import { checkInput, editableFields, pages, type RichTextDocument, type RichTextNode } from '@consulting/model';

// The three pages a firm in the EU is expected to publish: a privacy policy (GDPR), an imprint
// (Germany § 5 DDG, Austria § 25 MedienG) and an accessibility statement (European Accessibility
// Act). A fresh database starts with each as a never-published draft whose body says what the firm
// must fill in (db/seeds/first-start.ts); `npm run seed:demo` publishes them with the demo firm's
// fictional text instead (db/seeds/demo-content.ts).

/** A legal page: its title, slug, description and body. */
export interface LegalPage {
  title: string;
  slug: string;
  description: string;
  body: RichTextDocument;
}

const text = (value: string): RichTextNode => ({ type: 'text', text: value });
const bold = (value: string): RichTextNode => ({ type: 'text', text: value, marks: [{ type: 'bold' }] });
/** A paragraph of text runs (a string is plain text). */
export const paragraph = (...runs: (string | RichTextNode)[]): RichTextNode => ({
  type: 'paragraph',
  content: runs.map((run) => (typeof run === 'string' ? text(run) : run)),
});
export const heading = (value: string): RichTextNode => ({ type: 'heading', attrs: { level: 2 }, content: [text(value)] });
export const bulletList = (...items: string[]): RichTextNode => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [paragraph(item)] })),
});
export const documentOf = (...blocks: RichTextNode[]): RichTextDocument => ({ type: 'doc', content: blocks });

/** What opens every placeholder: this is not a page to publish as it is. */
const PLACEHOLDER_NOTE = (what: string) =>
  paragraph(bold('Placeholder: replace this text before publishing. '), `This draft lists what ${what} must say. It is not legal advice; have it checked by someone qualified for your countries.`);

/** The placeholder drafts a fresh database starts with. */
export const PLACEHOLDER_LEGAL_PAGES: readonly LegalPage[] = [
  {
    title: 'Privacy policy',
    slug: 'privacy-policy',
    description: 'How the firm collects, uses and protects personal data, and the rights of the people it concerns.',
    body: documentOf(
      PLACEHOLDER_NOTE('a privacy policy under the EU General Data Protection Regulation (GDPR, Articles 13 and 14)'),
      heading('Controller and contact'),
      paragraph('[Your firm’s legal name, postal address, email address and telephone number. The contact details of your data protection officer, if you have one.]'),
      heading('Purposes and legal bases'),
      paragraph('[Each purpose you process personal data for (this website, enquiries, newsletters, client work, recruitment) and its legal basis under Article 6 GDPR: consent, contract, legal obligation or legitimate interests (say which interests).]'),
      heading('Recipients'),
      paragraph('[Who receives the data: hosting provider, email service, analytics, advisers; any transfer outside the EU/EEA and its safeguard, such as an adequacy decision or standard contractual clauses.]'),
      heading('Retention'),
      paragraph('[How long each kind of data is kept, or the criteria that decide it.]'),
      heading('Your rights'),
      bulletList(
        'Access to your data (Article 15), rectification (Article 16) and erasure (Article 17).',
        'Restriction of processing (Article 18), data portability (Article 20) and objection (Article 21).',
        'Withdrawal of consent whenever you wish, without affecting processing before it.',
      ),
      heading('Complaints'),
      paragraph('[The right to lodge a complaint with a supervisory authority, and the name and address of the authority responsible for your firm.]'),
      heading('Cookies and this website'),
      paragraph('[The server logs, cookies and third-party services this website uses, and why.]'),
    ),
  },
  {
    title: 'Imprint',
    slug: 'imprint',
    description: 'Who runs this website: the firm’s name, address, contact details and registration.',
    body: documentOf(
      PLACEHOLDER_NOTE('an imprint (legal notice) under § 5 DDG (Germany) or § 25 MedienG and § 5 ECG (Austria)'),
      heading('Provider'),
      paragraph('[Your firm’s full legal name and legal form, and its postal address (no PO box).]'),
      heading('Contact'),
      paragraph('[An email address and a telephone number, or another way to reach you quickly and directly.]'),
      heading('Register and VAT'),
      paragraph('[The commercial register and registration number, and your VAT identification number.]'),
      heading('Representation'),
      paragraph('[The managing directors or partners who represent the firm.]'),
      heading('Responsible for the content'),
      paragraph('[The person responsible for the editorial content, with their address.]'),
      heading('Supervisory authority and professional rules'),
      paragraph('[If your profession or business needs a licence: the supervisory authority, professional chamber and rules that apply.]'),
    ),
  },
  {
    title: 'Accessibility statement',
    slug: 'accessibility-statement',
    description: 'How accessible this website is, what is known not to work yet, and how to report a barrier.',
    body: documentOf(
      PLACEHOLDER_NOTE('an accessibility statement under the European Accessibility Act (Directive (EU) 2019/882) and its national laws'),
      heading('Conformance status'),
      paragraph('[The standard you aim for (for example EN 301 549 and WCAG 2.2 level AA) and whether the site fully, partially or does not conform; the date of the last assessment and how it was made.]'),
      heading('Known issues'),
      paragraph('[Content or functions that are not yet accessible, why, and the accessible alternatives.]'),
      heading('Feedback and contact'),
      paragraph('[How visitors can report an accessibility barrier or ask for content in another format: an email address or a form, and when they can expect an answer.]'),
      heading('Enforcement procedure'),
      paragraph('[The national authority that enforces accessibility requirements, and how to contact it if a response is unsatisfactory.]'),
    ),
  },
];

/**
 * A legal page as a draft's values (content_draft.values): the page type's editable fields checked
 * as a draft, exactly as createDraft stores them (the place left open: it goes last when published).
 */
export function legalPageDraftValues(page: LegalPage): Record<string, unknown> {
  const rules = editableFields(pages);
  const { values, errors } = checkInput(rules, { title: page.title, slug: page.slug, description: page.description, bodyDocument: page.body, linkedFrom: 'footer' }, 'draft');
  if (errors.length > 0) throw new Error(`legal page ${page.slug}: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}`);
  if ('displayOrder' in rules) values.displayOrder = null;
  return values;
}
