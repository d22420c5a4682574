import { AdminStatisticsDocument, AdminUpdateStatisticsDocument } from '../../graphql/generated/graphql';
import { defineSingleton } from '../singletons/SingletonScreen';

export const statistics = defineSingleton({
  path: 'statistics',
  title: 'Statistics',
  description: 'The figures in the Statistics section of the landing page.',
  fields: [
    { name: 'yearEstablished', label: 'Year Established', kind: 'text', required: true, maxLength: 20, placeholder: '2011' },
    { name: 'expertCount', label: 'Expert Consultants Count', kind: 'integer', required: true, min: 0, max: 1_000_000_000 },
    { name: 'projectCount', label: 'Completed Projects Count', kind: 'integer', required: true, min: 0, max: 1_000_000_000 },
    { name: 'partnerCount', label: 'Partners Count', kind: 'integer', required: true, min: 0, max: 1_000_000_000 },
  ],
  successMessage: 'Statistics updated successfully',
  failureMessage: 'Failed to update statistics',
  missingIdMessage: 'No stats ID',
  operations: {
    get: AdminStatisticsDocument,
    record: (data) => data.statistics,
    update: AdminUpdateStatisticsDocument,
  },
});
