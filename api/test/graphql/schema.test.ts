import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { schemaFileContent } from '../../src/graphql/schema.js';

// api/schema.graphql is the contract the web app's codegen reads: it must be what the code emits.
describe('the committed GraphQL schema', () => {
  it('matches the schema the code emits (run `npm run schema -w api` after changing it)', async () => {
    const committed = await readFile(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(await schemaFileContent());
  });
});
