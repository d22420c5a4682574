import { AdminLandingContentDocument, AdminUpdateLandingContentDocument } from '../../graphql/generated/graphql';
import { defineSingleton } from '../singletons/SingletonScreen';

export const landingContent = defineSingleton({
  path: 'content',
  title: 'Landing Content',
  description: 'The hero text and company description at the top of the landing page.',
  fields: [
    { name: 'heroTagline', label: 'Hero Tagline', kind: 'text', required: true, maxLength: 300 },
    { name: 'heroSubtitle', label: 'Hero Subtitle', kind: 'text', required: true, maxLength: 1000 },
    { name: 'companyDescription', label: 'Company Description', kind: 'textarea', required: true, maxLength: 10_000 },
    { name: 'mainWebsiteUrl', label: 'Main Website URL', kind: 'url', required: true, placeholder: 'https://...' },
  ],
  successMessage: 'Landing content updated successfully',
  failureMessage: 'Failed to update content',
  missingIdMessage: 'No content ID',
  operations: {
    get: AdminLandingContentDocument,
    record: (data) => data.landingContent,
    update: AdminUpdateLandingContentDocument,
  },
});
