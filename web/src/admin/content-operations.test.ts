import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { buildSchema, getOperationAST, validate, type DocumentNode } from 'graphql';
import { contentTypes } from '@consulting/model';
import { collectionOperations, singletonOperations, undoDeleteManyDocument } from './content-operations';

// The admin builds its content operations from the model at run time (no .graphql file per
// type); every one of them must be valid against the API's committed schema.

const schema = buildSchema(readFileSync(new URL('../../../api/schema.graphql', import.meta.url), 'utf8'));

function documentsOf(type: (typeof contentTypes)[number]): DocumentNode[] {
  if (type.kind === 'collection') {
    const { list, create, update, remove, move, place, removeMany, updateFlags } = collectionOperations(type);
    return [list, create, update, remove, move, place, removeMany, ...(updateFlags ? [updateFlags] : [])];
  }
  const { get, update } = singletonOperations(type);
  return [get, update];
}

describe.each(contentTypes.map((type) => [type.typeName, type] as const))('%s admin operations', (_name, type) => {
  it('are valid against the API schema', () => {
    for (const document of documentsOf(type)) expect(validate(schema, document).map((e) => e.message)).toEqual([]);
  });

  it('select the version and every field of the type', () => {
    const read = documentsOf(type)[0]!;
    const selected = JSON.stringify(read);
    for (const name of ['id', 'version', ...Object.keys(type.fields)]) expect(selected).toContain(`"value":"${name}"`);
    expect(getOperationAST(read)?.name?.value).toMatch(/^Admin/);
  });
});

it('the undo of a bulk delete is valid against the API schema', () => {
  expect(validate(schema, undoDeleteManyDocument).map((e) => e.message)).toEqual([]);
});

it('asks news and clients for their featured filter and bulk flag update, and the others for neither', () => {
  const byName = Object.fromEntries(contentTypes.map((type) => [type.typeName, type]));
  expect(collectionOperations(byName.News! as never).featured).toBe(true);
  expect(collectionOperations(byName.Client! as never).updateFlags).not.toBeNull();
  expect(collectionOperations(byName.Country! as never).updateFlags).toBeNull();
});
