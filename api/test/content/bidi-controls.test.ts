import { describe, expect, it } from '@jest/globals';
import { editableFields, type Field } from '@consulting/model';
import { collections, singletons } from '../../src/content/registry.js';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Bidirectional control characters (U+202E RIGHT-TO-LEFT OVERRIDE and its kin) make text show
// other than what it is ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf"). No text field of any
// content type accepts them, over REST and GraphQL alike, with a message that says why.

const session = signedInApp();

const BIDI_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const message = (f: Field) => `${f.messageName} contains hidden text-direction characters (such as U+202E), which are not allowed`;

/** A value of the field's kind that would be accepted, but for the bidi control inside it. */
function spoofed(f: Field, control = '\u202E'): string {
  if (f.kind === 'webAddress') return `https://example.com/invoice${control}fdp.exe`;
  if (f.kind === 'imageAddress') return `https://example.com/photo${control}gpj.exe`;
  return `Lis${control}bon`;
}

const textFields = (fields: Readonly<Record<string, Field>>) =>
  Object.entries(fields).filter(([, f]) => f.kind === 'text' || f.kind === 'webAddress' || f.kind === 'imageAddress');

const cases = [
  ...collections.map((c) => ({ path: c.path, typeName: c.typeName, kind: 'collection' as const, fields: editableFields(c.type) })),
  ...singletons.map((s) => ({ path: s.path, typeName: s.typeName, kind: 'singleton' as const, fields: editableFields(s.type) })),
].flatMap((type) => textFields(type.fields).map(([name, f]) => ({ ...type, name, field: f, label: `${type.path}.${name}` })));

/** A valid whole input for the type (the singletons: what they hold now). */
async function validOf(path: string, kind: 'collection' | 'singleton'): Promise<{ id?: number; input: Record<string, unknown> }> {
  if (kind === 'collection') return { input: { ...validInput[path] } };
  const stored = (await request(session.app.baseUrl, 'GET', `/api/${path}`)).body;
  const { id, version: _version, ...input } = Array.isArray(stored) ? stored[0] : stored;
  return { id, input };
}

describe('bidirectional control characters', () => {
  it('are checked in every text field of every content type (the list is not empty)', () => {
    expect(cases.length).toBeGreaterThan(15);
    expect(new Set(cases.map((c) => c.path)).size).toBe(collections.length + singletons.length);
  });

  it.each(cases.map((c) => [c.label, c] as const))('refuses U+202E in %s over REST with 400 and a field message', async (_label, c) => {
    const { id, input } = await validOf(c.path, c.kind);
    const json = { ...input, [c.name]: spoofed(c.field) };
    const reply =
      c.kind === 'collection'
        ? await request(session.app.baseUrl, 'POST', `/api/admin/${c.path}`, { cookie: session.cookie, json })
        : await request(session.app.baseUrl, 'PUT', `/api/admin/${c.path}/${id}`, { cookie: session.cookie, json });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ field: c.name, message: message(c.field) }]);
  });

  it.each(cases.map((c) => [c.label, c] as const))('refuses U+202E in %s over GraphQL with BAD_USER_INPUT and the field message', async (_label, c) => {
    const { id, input } = await validOf(c.path, c.kind);
    const variables = { input: { ...input, [c.name]: spoofed(c.field) }, id };
    const query =
      c.kind === 'collection'
        ? `mutation($input: ${c.typeName}Input!) { create${c.typeName}(input: $input) { id } }`
        : `mutation($id: Int!, $input: ${c.typeName}Input!) { update${c.typeName}(id: $id, input: $input) { id } }`;
    const reply = await request(session.app.baseUrl, 'POST', '/graphql', { cookie: session.cookie, json: { query, variables } });
    expect(reply.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', errors: [{ field: c.name, message: message(c.field) }] });
  });

  it.each(BIDI_CONTROLS.map((control) => [`U+${control.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, control]))(
    'refuses %s, each of the controls',
    async (_name, control) => {
      const reply = await request(session.app.baseUrl, 'POST', '/api/admin/countries', {
        cookie: session.cookie,
        json: { ...validInput.countries, name: `Portu${control}gal` },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ field: 'name', message: 'Name contains hidden text-direction characters (such as U+202E), which are not allowed' }]);
    },
  );

  it('still takes right-to-left text itself, and the joiners some scripts need', async () => {
    const reply = await request(session.app.baseUrl, 'POST', '/api/admin/countries', {
      cookie: session.cookie,
      json: { ...validInput.countries, name: 'الكويت \u200Dक्\u200Dष' },
    });
    expect(reply.status).toBe(201);
  });
});
