import { text, webAddress, type FieldRules } from '../fields.js';

export const landingContentFields: FieldRules = {
  heroTagline: text('Hero tagline', 300),
  heroSubtitle: text('Hero subtitle', 1000),
  companyDescription: text('Company description', 10000),
  mainWebsiteUrl: webAddress('Main website URL'),
};
