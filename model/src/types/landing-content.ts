import { DEFAULT_MAIN_WEBSITE_URL } from '../constants.js';
import { contentType } from '../content-type.js';
import { text, webAddress } from '../fields.js';

export const landingContent = contentType({
  kind: 'singleton',
  typeName: 'LandingContent',
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
  initial: {
    heroTagline: 'Strategy that turns ambition into results',
    heroSubtitle:
      'We help governments, companies and institutions plan, reform and grow, from the first feasibility study to the last milestone.',
    companyDescription:
      'We are an independent consulting firm founded in 2011. Our consultants combine public-sector reform, corporate strategy, market research and technology expertise to deliver practical advice and see it through to implementation.',
  },
});
