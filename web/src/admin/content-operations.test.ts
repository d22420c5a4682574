import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { buildSchema, getOperationAST, validate, type DocumentNode } from 'graphql';
import { contentTypes } from '@consulting/model';
import { collectionOperations, singletonOperations, undoDeleteManyDocument } from './content-operations';
import { WORKFLOW_DOCUMENTS } from './publishing/publication-operations';

// The admin builds its content operations from the model at run time (no .graphql file per
// type); every one of them must be valid against the API's committed schema.

const schema = buildSchema(readFileSync(new URL('../../../api/schema.graphql', import.meta.url), 'utf8'));

function documentsOf(type: (typeof contentTypes)[number]): DocumentNode[] {
  if (type.kind === 'collection') {
    const { list, create, update, remove, move, place, removeMany, updateFlags, saveDraft, createDraft, item } = collectionOperations(type);
    return [list, create, update, remove, move, place, removeMany, ...(updateFlags ? [updateFlags] : []), saveDraft, createDraft, item];
  }
  const { get, update, saveDraft } = singletonOperations(type);
  return [get, update, saveDraft];
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

it("the editorial workflow's operations (publication, publish, review, schedule, preview links) are valid against the API schema", () => {
  for (const document of WORKFLOW_DOCUMENTS) expect(validate(schema, document).map((e) => e.message)).toEqual([]);
});

it("a collection's list asks for each row's publication and the items not on the site in the same request", () => {
  const byName = Object.fromEntries(contentTypes.map((type) => [type.typeName, type]));
  const list = JSON.stringify(collectionOperations(byName.News! as never).list);
  expect(list).toContain('"value":"publication"');
  expect(list).toContain('"value":"unpublishedItems"');
  expect(list).toContain('"value":"notOnSite"');
});

it("reads a rich field's document with its plain text, and the page fields of a type with pages", () => {
  const byName = Object.fromEntries(contentTypes.map((type) => [type.typeName, type]));
  const news = JSON.stringify(collectionOperations(byName.News! as never).list);
  for (const name of ['content', 'contentDocument', 'slug', 'pageTitle', 'pageDescription']) expect(news).toContain(`"value":"${name}"`);
  expect(JSON.stringify(collectionOperations(byName.Client! as never).item)).toContain('"value":"storyDocument"');
});
