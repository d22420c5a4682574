import { contentType, flag, imageAddress, optionalText, registerContentType, text } from '@consulting/model';

// A content type that exists only in the tests that import this file: the proof that the admin
// builds a screen from a declaration alone. Import it FIRST in a test file, before anything that
// imports the admin's screens (registerContentType must run before content-definitions.ts reads
// the list of types).

export const testOnlyItems = registerContentType(
  contentType({
    kind: 'collection',
    typeName: 'TestOnlyItem',
    description: 'A record of a content type declared only in a test fixture.',
    labels: {
      singular: 'Test Item',
      plural: 'Test-Only Items',
      entity: 'Test item',
      noun: 'test item',
      missingId: 'No test item ID',
      description: 'Records of a content type that exists only in tests.',
    },
    listing: { search: ['name'], sort: ['name'] },
    fields: {
      name: text('Name', 100),
      logoUrl: imageAddress('Logo'),
      note: optionalText('Note', 500, { multiline: true }),
      featured: flag('Featured'),
    },
  }),
);
