import { contentType } from '../content-type.js';
import { contactIcon, optionalText, text } from '../fields.js';

export const contactInfo = contentType({
  kind: 'collection',
  typeName: 'ContactInfo',
  plural: 'ContactInfo',
  listing: { search: ['value', 'label', 'type'], sort: ['value'] },
  description: 'A way to reach the firm (the Contact section).',
  labels: {
    singular: 'Contact Info',
    plural: 'Contact Information',
    nav: 'Contact Info',
    entity: 'Contact info',
    noun: 'contact info',
    missingId: 'No contact ID',
    description: 'Ways to reach the firm, shown in the Contact section. Types email, phone and website become links.',
  },
  fields: {
    type: text('Type', 50, {
      placeholder: 'email, phone, website, address',
      description: 'Free text such as email, phone, address, website; the public site links some of them.',
    }),
    value: text('Value', 500, { description: 'The address, number or text itself.' }),
    label: optionalText('Label', 100, { description: 'What the entry is called on the site; null when not given.' }),
    icon: contactIcon(),
  },
});
