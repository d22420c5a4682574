import { DEFAULT_YEAR_ESTABLISHED } from '../constants.js';
import { contentType } from '../content-type.js';
import { text, wholeNumber } from '../fields.js';

const COUNT_RANGE = { min: 0, max: 1_000_000_000 };

export const statistics = contentType({
  kind: 'singleton',
  typeName: 'Statistics',
  description: 'The figures of the landing page Statistics section.',
  labels: {
    singular: 'Statistics',
    plural: 'Statistics',
    entity: 'Statistics',
    noun: 'statistics',
    missingId: 'No stats ID',
    description: 'The figures in the Statistics section of the landing page.',
  },
  fields: {
    yearEstablished: text('Year Established', 20, { placeholder: DEFAULT_YEAR_ESTABLISHED, description: 'The year the firm was founded, as text (2011).' }),
    expertCount: wholeNumber('Expert Consultants Count', COUNT_RANGE, { description: 'Number of expert consultants shown.' }),
    projectCount: wholeNumber('Completed Projects Count', COUNT_RANGE, { description: 'Number of completed projects shown.' }),
    partnerCount: wholeNumber('Partners Count', COUNT_RANGE, { description: 'Number of partners shown.' }),
  },
  initial: { yearEstablished: DEFAULT_YEAR_ESTABLISHED, expertCount: 0, projectCount: 0, partnerCount: 0 },
});
