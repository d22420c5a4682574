import { beforeAll, describe, expect, it } from '@jest/globals';
import { getNamedType, isObjectType } from 'graphql';
import { collections, singletons } from '../../src/content/registry.js';
import { graphQLSchema } from '../../src/graphql/schema.js';
import { graphqlClient, type Json } from '../helpers/graphql.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// GraphQL against the real server and database: parity with REST for every registry entry (lists,
// updates, field errors, deletes and NOT_FOUND where REST says 404).

const session = signedInApp();
const { gql, rest } = graphqlClient(session);

/** All scalar fields of an object type, as a selection set: the test asks for everything (the record's own fields; its workflow state is not part of REST's record). */
async function selectionOf(typeName: string): Promise<string> {
  const type = (await graphQLSchema()).getType(typeName);
  if (!type || !isObjectType(type)) throw new Error(`No type ${typeName}`);
  // A rich field's HTML (`contentHtml`) is GraphQL's own rendering of the document both surfaces carry.
  const scalars = Object.values(type.getFields()).filter((field) => !isObjectType(getNamedType(field.type)) && !/Html$/.test(field.name));
  return `{ ${scalars.map((field) => field.name).join(' ')} }`;
}

/** REST returns the entity as JSON; compare it on exactly the fields GraphQL exposes. */
function pick(record: unknown, fields: string[]): Json {
  const source = record as Json;
  return Object.fromEntries(fields.map((field) => [field, source[field]]));
}

const fieldsOf = (selection: string) => selection.replace(/[{}]/g, '').trim().split(/\s+/);

/** A valid input, a changed one and one breaking several rules, for every collection and singleton. */
const samples: Record<string, { valid: Json; changed: Json; invalid: Json }> = {
  Country: {
    valid: { name: 'Freedonia', code: 'FD', flagImageUrl: '/uploads/freedonia.png', displayOrder: 2 },
    changed: { name: 'Sylvania', code: 'SY', flagImageUrl: 'https://example.com/sylvania.png' },
    invalid: { name: '  ', code: 'FREEDONIA-REPUBLIC', flagImageUrl: 'javascript:alert(1)' },
  },
  Brand: {
    valid: { name: 'Acme Widgets', logoUrl: '/uploads/acme.png', websiteUrl: 'https://acme.example', description: 'Widgets.' },
    changed: { name: 'Acme Gadgets', logoUrl: '/uploads/acme.png', websiteUrl: 'https://gadgets.example', description: null },
    invalid: { name: '', logoUrl: 'ftp://acme.example/logo.png', websiteUrl: '/relative', displayOrder: 5_000_000 },
  },
  TeamMember: {
    valid: { name: 'Ada Example', position: 'Partner', pictureUrl: '/uploads/ada.jpg', brief: 'Leads things.', displayOrder: 1 },
    changed: { name: 'Ada Example', position: 'Senior partner', pictureUrl: '/uploads/ada.jpg' },
    invalid: { name: 'Ada', position: '', pictureUrl: 'not an address' },
  },
  News: {
    valid: { title: 'We moved', pictureUrl: '/uploads/move.png', brief: 'New office.', link: 'https://news.example/move', featured: true },
    changed: { title: 'We moved again', pictureUrl: '/uploads/move.png', brief: 'Newer office.', content: 'Details.', featured: false },
    invalid: { title: 'x'.repeat(301), pictureUrl: '/uploads/move.png', brief: ' ', link: 'mailto:someone@example.com' },
  },
  Client: {
    valid: { title: 'Harbour logistics', pictureUrl: '/uploads/harbour.png', brief: 'A port.', country: 'Freedonia', featured: true },
    changed: { title: 'Harbour logistics II', pictureUrl: '/uploads/harbour.png', country: '' },
    invalid: { title: '', pictureUrl: '', country: 'y'.repeat(101) },
  },
  ContactInfo: {
    valid: { type: 'email', value: 'hello@example.com', label: 'Write to us', icon: 'Mail' },
    changed: { type: 'phone', value: '+1 555 0100', icon: 'Phone', displayOrder: 3 },
    // An unknown icon is refused by the ContactIcon enum itself (rest/integrator-api.test.ts).
    invalid: { type: '', value: ' ', icon: 'Mail' },
  },
  LandingContent: {
    valid: { heroTagline: 'Advice that lasts', heroSubtitle: 'Since 2011', companyDescription: 'We advise.', mainWebsiteUrl: 'https://firm.example' },
    changed: { heroTagline: 'Advice that ships', heroSubtitle: 'Since 2011', companyDescription: 'We advise and build.', mainWebsiteUrl: 'https://firm.example/home' },
    invalid: { heroTagline: '', heroSubtitle: 'Since 2011', companyDescription: 'We advise.', mainWebsiteUrl: 'firm.example' },
  },
  Page: {
    valid: { title: 'Cookie policy', description: 'Which cookies the site sets.', body: 'None at all.', linkedFrom: 'footer' },
    changed: { title: 'Terms of use', description: 'The terms.', body: null, linkedFrom: 'none' },
    // A slug the site uses (/graphql) is refused like any other bad value, the same on both surfaces.
    invalid: { title: '', description: ' ', slug: 'graphql', linkedFrom: 'footer' },
  },
  SiteSettings: {
    valid: { firmName: 'Valid Firm', description: 'We advise.', locale: 'en-GB', timeZone: 'UTC' },
    changed: {
      firmName: 'Harbour & Partners',
      shortName: 'Harbour',
      description: 'Advisers to ports and cities.',
      logoUrl: '/uploads/logo.png',
      logoDarkUrl: null,
      iconUrl: '/uploads/icon.png',
      shareImageUrl: null,
      footerText: 'Independent since 2011.',
      copyrightHolder: null,
      streetAddress: '1 Quay Street',
      postalCode: '1010',
      city: 'Vienna',
      region: null,
      country: 'Austria',
      linkedinUrl: 'https://www.linkedin.com/company/example',
      xUrl: null,
      youtubeUrl: null,
      instagramUrl: null,
      facebookUrl: null,
      githubUrl: 'https://github.com/example',
      enquiryPrivacyText: 'We use your details only to answer you.',
      locale: 'de-AT',
      timeZone: 'Europe/Vienna',
    },
    invalid: { firmName: '', description: ' ', linkedinUrl: 'linkedin', locale: 'en-US', timeZone: 'UTC' },
  },
  Statistics: {
    valid: { yearEstablished: '2011', expertCount: 40, projectCount: 300, partnerCount: 25 },
    changed: { yearEstablished: '2012', expertCount: 41, projectCount: 301, partnerCount: 26 },
    invalid: { yearEstablished: ' ', expertCount: -1, projectCount: 2_000_000_000, partnerCount: 0 },
  },
};

it('has sample inputs for every content type in the registry', () => {
  const names = [...collections, ...singletons].map((entry) => entry.typeName).sort();
  expect(Object.keys(samples).sort()).toEqual(names);
});

describe.each(collections.map((entry) => [entry.typeName, entry] as const))('collection %s', (typeName, entry) => {
  const sample = samples[typeName]!;
  let selection: string;
  let fields: string[];
  const listQuery = () => `{ ${entry.listField} ${selection} }`;
  const createMutation = () =>
    `mutation($input: ${typeName}Input!) { created: create${typeName}(input: $input) ${selection} }`;
  const updateMutation = () =>
    `mutation($id: Int!, $input: ${typeName}Input!) { updated: update${typeName}(id: $id, input: $input) ${selection} }`;
  const deleteMutation = `mutation($id: Int!) { deleted: delete${typeName}(id: $id) }`;

  beforeAll(async () => {
    selection = await selectionOf(typeName);
    fields = fieldsOf(selection);
  });

  it('lists the same records in the same order as REST, after writes through either surface', async () => {
    const viaGraphQL = await gql(createMutation(), { input: sample.valid }, session.cookie);
    expect(viaGraphQL.errors).toBeUndefined();
    const viaRest = await rest('POST', `/api/admin/${entry.path}`, sample.changed, session.cookie);
    expect(viaRest.status).toBe(201);

    const restList = await rest('GET', `/api/${entry.path}`);
    const graphList = await gql(listQuery());
    expect(graphList.errors).toBeUndefined();
    const records = graphList.data![entry.listField] as Json[];
    expect(records).toEqual((restList.body as Json[]).map((record) => pick(record, fields)));
    expect(records).toContainEqual(viaGraphQL.data!.created);
    expect(records).toContainEqual(expect.objectContaining({ id: (viaRest.body as Json).id }));
  });

  it('updates a record and REST reads the change', async () => {
    const created = await gql(createMutation(), { input: sample.valid }, session.cookie);
    const id = (created.data!.created as Json).id;
    const updated = await gql(updateMutation(), { id, input: sample.changed }, session.cookie);
    expect(updated.errors).toBeUndefined();
    const restList = (await rest('GET', `/api/${entry.path}`)).body as Json[];
    expect(pick(restList.find((record) => record.id === id), fields)).toEqual(updated.data!.updated);
    expect(updated.data!.updated).toMatchObject(
      Object.fromEntries(Object.entries(sample.changed).filter(([, value]) => value !== '' && value !== null)),
    );
  });

  it('rejects bad input with the same field errors as REST, on create and update', async () => {
    const restCreate = await rest('POST', `/api/admin/${entry.path}`, sample.invalid, session.cookie);
    expect(restCreate.status).toBe(400);
    const restErrors = (restCreate.body as { errors: unknown[] }).errors;
    expect(restErrors.length).toBeGreaterThan(1);

    const graphCreate = await gql(createMutation(), { input: sample.invalid }, session.cookie);
    expect(graphCreate.data).toBeNull();
    expect(graphCreate.errors).toHaveLength(1);
    expect(graphCreate.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', errors: restErrors });
    expect(graphCreate.errors![0]!.message).toBe((restCreate.body as Json).message);

    const existing = (await gql(listQuery())).data![entry.listField] as Json[];
    const id = existing[0]!.id as number;
    const restUpdate = await rest('PUT', `/api/admin/${entry.path}/${id}`, sample.invalid, session.cookie);
    const graphUpdate = await gql(updateMutation(), { id, input: sample.invalid }, session.cookie);
    expect(restUpdate.status).toBe(400);
    expect(graphUpdate.errors![0]!.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      errors: (restUpdate.body as { errors: unknown[] }).errors,
    });
  });

  it('deletes a record; an unknown id is NOT_FOUND where REST says 404', async () => {
    const created = await gql(createMutation(), { input: sample.valid }, session.cookie);
    const id = (created.data!.created as Json).id as number;
    expect((await gql(deleteMutation, { id }, session.cookie)).data).toEqual({ deleted: true });
    const restList = (await rest('GET', `/api/${entry.path}`)).body as Json[];
    expect(restList.map((record) => record.id)).not.toContain(id);

    const again = await gql(deleteMutation, { id }, session.cookie);
    expect(again.errors![0]!.extensions?.code).toBe('NOT_FOUND');
    expect((await rest('DELETE', `/api/admin/${entry.path}/${id}`, undefined, session.cookie)).status).toBe(404);
    const update = await gql(updateMutation(), { id, input: sample.valid }, session.cookie);
    expect(update.errors![0]!.extensions?.code).toBe('NOT_FOUND');
    expect((await rest('PUT', `/api/admin/${entry.path}/${id}`, sample.valid, session.cookie)).status).toBe(404);
  });
});

describe.each(singletons.map((entry) => [entry.typeName, entry] as const))('singleton %s', (typeName, entry) => {
  const sample = samples[typeName]!;
  let selection: string;
  let fields: string[];
  const updateMutation = () =>
    `mutation($id: Int!, $input: ${typeName}Input!) { updated: update${typeName}(id: $id, input: $input) ${selection} }`;

  beforeAll(async () => {
    selection = await selectionOf(typeName);
    fields = fieldsOf(selection);
  });

  async function current(): Promise<Json> {
    const result = await gql(`{ ${entry.field} ${selection} }`);
    expect(result.errors).toBeUndefined();
    return result.data![entry.field] as Json;
  }

  it('reads the same record as REST', async () => {
    const record = await current();
    expect(record).not.toBeNull();
    expect(record).toEqual(pick((await rest('GET', `/api/${entry.path}`)).body, fields));
  });

  it('updates by id, and REST reads the change', async () => {
    const before = await current();
    const { id } = before;
    const updated = await gql(updateMutation(), { id, input: sample.changed }, session.cookie);
    expect(updated.errors).toBeUndefined();
    // Every update moves the version on by one.
    expect(updated.data!.updated).toEqual({ id, ...sample.changed, version: (before.version as number) + 1 });
    expect(pick((await rest('GET', `/api/${entry.path}`)).body, fields)).toEqual(updated.data!.updated);
  });

  it('rejects bad input with the same field errors as REST, and an unknown id as NOT_FOUND', async () => {
    const { id } = await current();
    const restUpdate = await rest('PUT', `/api/admin/${entry.path}/${id}`, sample.invalid, session.cookie);
    expect(restUpdate.status).toBe(400);
    const graphUpdate = await gql(updateMutation(), { id, input: sample.invalid }, session.cookie);
    expect(graphUpdate.errors![0]!.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      errors: (restUpdate.body as { errors: unknown[] }).errors,
    });

    const wrongId = (id as number) + 1000;
    const notFound = await gql(updateMutation(), { id: wrongId, input: sample.valid }, session.cookie);
    expect(notFound.errors![0]!.extensions?.code).toBe('NOT_FOUND');
    expect((await rest('PUT', `/api/admin/${entry.path}/${wrongId}`, sample.valid, session.cookie)).status).toBe(404);
  });
});
