import { DEFAULT_MAIN_WEBSITE_URL } from '../constants.js';
import { contentType } from '../content-type.js';
import { text, webAddress } from '../fields.js';

export const landingContent = contentType({
  kind: 'singleton',
  typeName: 'LandingContent',
  queryField: 'landingContent',
  table: 'landing_content',
  restPath: 'landing-content',
  adminPath: 'content',
  description: 'The hero text and company description of the landing page.',
  labels: {
    singular: 'Landing Content',
    plural: 'Landing Content',
    entity: 'Landing content',
    noun: 'content',
    missingId: 'No content ID',
    description: 'The hero text and company description at the top of the landing page.',
  },
  fields: {
    heroTagline: text('Hero Tagline', 300, { description: 'The headline of the landing page.' }),
    heroSubtitle: text('Hero Subtitle', 1000, { description: 'The line under the headline.' }),
    companyDescription: text('Company Description', 10_000, { multiline: true, description: 'The About section text (line breaks kept).' }),
    mainWebsiteUrl: webAddress('Main Website URL', {
      placeholder: 'https://...',
      default: DEFAULT_MAIN_WEBSITE_URL,
      description: 'Where "Visit our website" points.',
    }),
  },
});
