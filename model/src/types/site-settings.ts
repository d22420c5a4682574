import { FIRM_LOCALES, DEFAULT_FIRM_NAME, DEFAULT_FIRM_DESCRIPTION, firmTimeZones } from '../constants.js';
import { contentType } from '../content-type.js';
import { choice, optionalImage, optionalText, optionalWebAddress, text } from '../fields.js';

// The firm's identity: what every public page says about who publishes it (header, footer, title,
// link previews, the favicon and app icons, the JSON-LD Organization). One record, edited on the
// admin's Site screen and versioned like the rest of the content. A fresh installation starts with
// neutral values ("Your Firm"); `npm run seed:demo` writes the demo firm.

/** A social profile's field: an optional http(s) address. */
const social = (network: string) =>
  optionalWebAddress(`${network} URL`, {
    placeholder: 'https://...',
    description: `The firm's ${network} profile (the footer links it; JSON-LD sameAs); null when not given.`,
  });

export const siteSettings = contentType({
  kind: 'singleton',
  typeName: 'SiteSettings',
  adminPath: 'site',
  description: "The firm's identity on every public page: name, logos, icons, footer, address, social links, locale and time zone.",
  labels: {
    singular: 'Site',
    plural: 'Site',
    entity: 'Site settings',
    noun: 'site settings',
    missingId: 'No site settings ID',
    description: "The firm's name, logos, icons, footer, address and social links: every public page shows them.",
  },
  fields: {
    firmName: text('Firm Name', 120, {
      description: "The firm's name: the header (without a logo), page titles, link previews, the copyright line and JSON-LD.",
    }),
    shortName: optionalText('Short Name', 40, {
      placeholder: 'Defaults to the firm name',
      description: 'A shorter name where room is scarce (the phone home screen, the app manifest); null: the firm name.',
    }),
    description: text('Firm Description', 300, {
      multiline: true,
      description: 'One or two sentences about the firm: the footer, the landing page description and JSON-LD.',
    }),
    logoUrl: optionalImage('Logo', {
      messageName: 'Logo URL',
      description: "The logo for light backgrounds; on the site's dark header, hero and footer it sits on a white plate unless there is a logo on dark; null: the firm name is set in type.",
    }),
    logoDarkUrl: optionalImage('Logo on Dark', {
      messageName: 'Logo on dark URL',
      description: 'The logo for dark backgrounds: the header, hero, footer and share cards; null: the logo for light backgrounds on a white plate, else the firm name set in type.',
    }),
    iconUrl: optionalImage('Icon', {
      messageName: 'Icon URL',
      description: 'A square mark, at least 512x512: the favicon and app icons (32, 180, 192 and 512 pixels) are made from it; null: an initial on the site colour.',
    }),
    shareImageUrl: optionalImage('Default Share Image', {
      messageName: 'Default share image URL',
      description: "The link-preview picture of pages without a picture of their own, instead of the card made from the firm's logo, name and the page's title; null: the card.",
    }),
    footerText: optionalText('Footer Text', 500, {
      multiline: true,
      placeholder: 'Defaults to the firm description',
      description: 'The text under the logo in the footer; null: the firm description.',
    }),
    copyrightHolder: optionalText('Copyright Holder', 200, {
      placeholder: 'Defaults to the firm name',
      description: 'Who the copyright line names; null: the firm name.',
    }),
    streetAddress: optionalText('Street Address', 200, { multiline: true, description: 'The postal address: street and number (the footer; JSON-LD); null when not given.' }),
    postalCode: optionalText('Postal Code', 20, { description: 'The postal code; null when not given.' }),
    city: optionalText('City', 100, { description: 'The city; null when not given.' }),
    region: optionalText('Region', 100, { description: 'The state or region; null when not given.' }),
    country: optionalText('Country', 100, { description: 'The country, as written on a letter; null when not given.' }),
    linkedinUrl: social('LinkedIn'),
    xUrl: social('X'),
    youtubeUrl: social('YouTube'),
    instagramUrl: social('Instagram'),
    facebookUrl: social('Facebook'),
    githubUrl: social('GitHub'),
    locale: choice('Locale', FIRM_LOCALES, 'en-US', {
      description: "The language and region of the firm's content: the pages' lang, og:locale and the date format's region.",
    }),
    timeZone: choice('Time Zone', firmTimeZones(), 'UTC', {
      description: "The firm's time zone (IANA): the day dates fall on across the site and its feeds.",
    }),
    enquiryPrivacyText: optionalText('Contact Form Privacy Text', 1000, {
      multiline: true,
      placeholder: 'We use your details only to answer your message. See our privacy policy.',
      description: "The words beside the contact form's consent box (stored with each enquiry as what was agreed to); null: a sentence saying the details are used only to answer, linking the privacy page.",
    }),
  },
  initial: { firmName: DEFAULT_FIRM_NAME, description: DEFAULT_FIRM_DESCRIPTION },
});
