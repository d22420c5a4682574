import { siteSettings, type Choice } from '@consulting/model';
import type { FormLayout } from '../forms/field-spec';

// The Site screen's form: the firm's identity in groups an editor can find their way through
// (the declaration lists its fields flat), each field's helper text from its description in the
// content model, the logos' previews in their shapes (the one for dark backgrounds on a dark tile)
// and the ~420 time zones grouped by region, each named by its city first.

/**
 * A field's description from the content model, as an editor reads it: the API's "null: X" says
 * what an empty field gives, and JSON-LD is what search engines read.
 */
export function editorHelp(description: string | undefined): string | undefined {
  if (!description) return undefined;
  return description
    .replace(/;\s*null when not given\.?$/, '.')
    .replace(/;\s*null:\s*(.+)$/, '. If empty: $1')
    .replace(/\bJSON-LD\b/g, 'search engine data');
}

/**
 * The time zones with the city first ('Berlin (Europe/Berlin)'), sorted by it within their region:
 * a native select jumps to an option by the start of its text, so typing "Berl" finds Berlin.
 * The values stay the model's (IANA names).
 */
export function timeZoneOptions(): Choice[] {
  const region = (zone: string) => (zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : '');
  return (siteSettings.fields.timeZone.options ?? [])
    .map(({ value }) => {
      const name = value.replace(/_/g, ' ');
      return { value, label: value.includes('/') ? `${name.slice(name.lastIndexOf('/') + 1)} (${name})` : name };
    })
    .sort((a, b) => region(a.value).localeCompare(region(b.value)) || a.label.localeCompare(b.label));
}

const described = (...names: (keyof typeof siteSettings.fields)[]) =>
  Object.fromEntries(names.map((name) => [name, { help: editorHelp(siteSettings.fields[name].description) }]));

export const siteSettingsForm: FormLayout = {
  groups: [
    { legend: 'Name and description', fields: ['firmName', 'shortName', 'description'], columns: 2, wide: ['description'] },
    {
      legend: 'Logos and icons',
      help: 'Each is optional: without a logo the site sets the firm name in type; without an icon or share image it makes its own from the name and the site colours.',
      fields: ['logoUrl', 'logoDarkUrl', 'iconUrl', 'shareImageUrl'],
      columns: 2,
    },
    { legend: 'Footer and copyright', fields: ['footerText', 'copyrightHolder'], columns: 2, wide: ['footerText'] },
    {
      legend: 'Address',
      help: 'The postal address the footer shows and search engines read. Leave it empty to show none.',
      fields: ['streetAddress', 'postalCode', 'city', 'region', 'country'],
      columns: 2,
      wide: ['streetAddress'],
    },
    {
      legend: 'Social links',
      help: "The footer links each profile given, and search engines read them as the firm's own. Full addresses, starting with https://.",
      fields: ['linkedinUrl', 'xUrl', 'youtubeUrl', 'instagramUrl', 'facebookUrl', 'githubUrl'],
      columns: 2,
    },
    { legend: 'Locale and time zone', fields: ['locale', 'timeZone'], columns: 2 },
    {
      legend: 'Contact form',
      help: 'What visitors agree to when they send a message from the contact form; each enquiry keeps the words it was sent with.',
      fields: ['enquiryPrivacyText'],
    },
  ],
  fields: {
    ...described('firmName', 'shortName', 'description', 'footerText', 'copyrightHolder', 'enquiryPrivacyText'),
    logoUrl: { help: editorHelp(siteSettings.fields.logoUrl.description), preview: { shape: 'wide' } },
    logoDarkUrl: { help: editorHelp(siteSettings.fields.logoDarkUrl.description), preview: { shape: 'wide', dark: true } },
    iconUrl: { help: editorHelp(siteSettings.fields.iconUrl.description), preview: { shape: 'square' } },
    shareImageUrl: { help: editorHelp(siteSettings.fields.shareImageUrl.description), preview: { shape: 'card' } },
    locale: { help: 'The language and region of the content: the pages say which language they are in, and dates follow the region.' },
    timeZone: { help: editorHelp(siteSettings.fields.timeZone.description), groupOptions: true, options: timeZoneOptions() },
  },
};
