import { describe, expect, it } from '@jest/globals';
import { GraphQLInputObjectType, GraphQLNonNull, GraphQLScalarType, getNamedType, isListType, type GraphQLField } from 'graphql';
import { graphQLSchema } from '../../src/graphql/schema.js';
import { graphqlClient, png, type GraphQLResponse, type Json } from '../helpers/graphql.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { TEST_ADMIN } from '../helpers/test-app.js';

// GraphQL refusals: anonymous callers on every mutation, CSRF (preflight header, simple posts),
// over-deep, alias-flooded and over-wide queries, batches, malformed and oversized bodies.

const session = signedInApp();
const { gql, uploadImage } = graphqlClient(session);

/** A syntactically valid value for an argument of the given type (content is irrelevant). */
function placeholder(type: unknown): unknown {
  const named = getNamedType(type as GraphQLNonNull<GraphQLScalarType>);
  if (isListType(type)) return [];
  if (named instanceof GraphQLInputObjectType) {
    return Object.fromEntries(
      Object.values(named.getFields())
        .filter((field) => field.type instanceof GraphQLNonNull)
        .map((field) => [field.name, placeholder(field.type)]),
    );
  }
  if (named.name === 'Int') return 1;
  if (named.name === 'Boolean') return true;
  if (named.name === 'DateTimeISO') return '2030-01-01T00:00:00.000Z';
  return 'x';
}

describe('refusals', () => {
  it('refuses an anonymous caller on every mutation field except login, logout, the sign-in steps and the contact form', async () => {
    const mutationFields = Object.values((await graphQLSchema()).getMutationType()!.getFields()) as GraphQLField<
      unknown,
      unknown
    >[];
    // The sign-in steps are, like login, for callers without a session: each checks its own
    // credentials or step token (asserted below: the placeholders sign nobody in).
    const signInSteps = ['signIn', 'signInWithCode', 'passkeySignInOptions', 'signInWithPasskey', 'beginTotpEnrolment', 'confirmTotpEnrolment', 'passkeyRegistrationOptions', 'registerPasskey'];
    // The contact form is for visitors: its placeholders are refused as bad input (asserted below).
    const guarded = mutationFields.filter((field) => !['login', 'logout', 'submitEnquiry', ...signInSteps].includes(field.name));
    expect(guarded.length).toBeGreaterThanOrEqual(21);
    for (const field of guarded) {
      let result: GraphQLResponse;
      if (field.name === 'uploadImage') {
        result = await uploadImage(png, 'pixel.png', 'image/png');
      } else {
        const variables = Object.fromEntries(field.args.map((arg) => [arg.name, placeholder(arg.type)]));
        const declared = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
        const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
        const type = getNamedType(field.type);
        const subselection = 'getFields' in type ? ' { __typename }' : '';
        result = await gql(
          `mutation${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${subselection} }`,
          variables,
        );
      }
      expect([field.name, result.errors?.[0]?.extensions?.code, result.errors?.[0]?.message]).toEqual([
        field.name,
        'UNAUTHENTICATED',
        'Unauthorized',
      ]);
      expect(result.data).toBeNull();
    }
    for (const name of signInSteps) {
      const field = mutationFields.find((candidate) => candidate.name === name)!;
      const variables = Object.fromEntries(field.args.map((arg) => [arg.name, placeholder(arg.type)]));
      const declared = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
      const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
      const subselection = 'getFields' in getNamedType(field.type) ? ' { __typename }' : '';
      const result = await gql(`mutation(${declared}) { ${name}(${passed})${subselection} }`, variables);
      expect([name, ['UNAUTHENTICATED', 'BAD_USER_INPUT'].includes(String(result.errors?.[0]?.extensions?.code)), result.data]).toEqual([name, true, null]);
    }
    const enquiry = await gql('mutation($input: EnquiryInput!) { submitEnquiry(input: $input) { ok } }', { input: { consent: true, name: 'x' } });
    expect([enquiry.errors?.[0]?.extensions?.code, enquiry.data]).toEqual(['BAD_USER_INPUT', null]);
  });

  it('answers a GET query without the preflight header (it cannot mutate), but refuses a multipart post without it', async () => {
    const query = encodeURIComponent('{ countries { id } }');
    const bare = await fetch(`${session.app.baseUrl}/graphql?query=${query}`);
    expect(bare.status).toBe(200);
    expect(((await bare.json()) as { data: Json }).data.countries).toEqual(expect.any(Array));
    const getMutation = await fetch(`${session.app.baseUrl}/graphql?query=${encodeURIComponent('mutation { logout }')}`, { headers: { cookie: session.cookie } });
    expect(getMutation.status).toBe(405);
    const preflighted = await fetch(`${session.app.baseUrl}/graphql?query=${query}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(preflighted.status).toBe(200);

    const multipart = await uploadImage(png, 'pixel.png', 'image/png', session.cookie, false);
    expect(multipart.status).toBe(400);
    expect(multipart.errors![0]!.message).toContain('Cross-Site Request Forgery');

    const simplePost = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: session.cookie },
      body: JSON.stringify({ query: 'mutation { logout }' }),
    });
    expect(simplePost.status).toBe(400);
    // The refused logout did not run: the admin is still signed in.
    expect((await gql('{ me { username } }', {}, session.cookie)).data).toEqual({ me: { username: TEST_ADMIN.username } });
  });

  it('refuses an over-deep query before executing it', async () => {
    let nested = 'name';
    for (let level = 0; level < 25; level += 1) nested = `ofType { ${nested} }`;
    const result = await gql(`{ __schema { types { ${nested} } } }`);
    expect(result.status).toBe(400);
    expect(result.errors).toEqual([
      {
        message: 'Query is too deep: the maximum depth is 20',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'maxDepth' },
      },
    ]);
    expect(result.data).toBeUndefined();

    let recursive = 'name';
    for (let level = 0; level < 6; level += 1) recursive = `fields { type { ${recursive} } }`;
    const introspection = await gql(`{ __schema { types { ${recursive} } } }`);
    expect(introspection.status).toBe(400);
    expect(introspection.errors![0]!.message).toBe('Maximum introspection depth exceeded');
  });

  it('refuses an alias-flooded query', async () => {
    const flood = Array.from({ length: 200 }, (_, index) => `a${index}: countries { id name }`).join(' ');
    const result = await gql(`{ ${flood} }`);
    expect(result.status).toBe(400);
    expect(result.errors).toContainEqual({
      message: 'Too many aliases: the maximum is 15',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'maxAliases' },
    });
    expect(result.data).toBeUndefined();
  });

  it('refuses a query selecting too many fields', async () => {
    const result = await gql(`{ countries { ${'id name '.repeat(400)} } }`);
    expect(result.status).toBe(400);
    expect(result.errors).toContainEqual({
      message: 'Query is too complex: the maximum is 600 fields',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'maxCost' },
    });
  });

  it('refuses batched requests', async () => {
    const response = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ countries { id } }' }, { query: '{ brands { id } }' }]),
    });
    expect(response.status).toBe(400);
  });

  it('answers malformed and oversized bodies with a 4xx GraphQL error, not a 500', async () => {
    const broken = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as GraphQLResponse).errors![0]!.extensions?.code).toBe('BAD_REQUEST');

    const huge = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ countries { id } } # ${'x'.repeat(200_000)}` }),
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as GraphQLResponse).errors![0]!.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
