import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GraphQLEnumType, GraphQLInputObjectType, GraphQLNonNull, GraphQLScalarType, getNamedType, isListType, type GraphQLField } from 'graphql';
import { COMMAND_LINE, createUser } from '../../src/auth/accounts.service.js';
import { can, type Role } from '../../src/auth/permissions.js';
import { accessOf } from '../../src/graphql/access.js';
import { graphQLSchema } from '../../src/graphql/schema.js';
import type { Access } from '../../src/http/route.js';
import { routes } from '../../src/http/route-table.js';
import { graphqlClient, png, type GraphQLResponse, type Json } from '../helpers/graphql.js';
import { request } from '../helpers/http.js';
import { appRoutes } from '../helpers/routes.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// The role walk: every row of the route table and every Query and Mutation field of the schema,
// called by an anonymous visitor, a contributor, an editor and an admin, is refused (401/403,
// UNAUTHENTICATED/FORBIDDEN) or let through exactly as the access it declares says. Rows and
// fields are read from the table and the schema, so one added later is walked without touching
// this file; a row or field that declares too little is caught by the role that should be refused.

const PASSWORD = 'walking every route';
type Who = 'anonymous' | Role;
const WHO: Who[] = ['anonymous', 'contributor', 'editor', 'admin'];

let app: TestApp;
const session = {} as { app: TestApp };
const { gql, uploadImage } = graphqlClient(session);
const usernames: Record<Role, string> = { admin: TEST_ADMIN.username, editor: 'walk-editor', contributor: 'walk-contributor' };
const passwordOf = (role: Role) => (role === 'admin' ? TEST_ADMIN.password : PASSWORD);
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  app = await startTestApp();
  session.app = app;
  for (const role of ['editor', 'contributor'] as const) await createUser(app.orm.em.fork(), COMMAND_LINE, { username: usernames[role], password: PASSWORD, role });
  for (const role of ['admin', 'editor', 'contributor'] as const) cookies[role] = await app.login(usernames[role], passwordOf(role));
}, 60_000);
afterAll(async () => {
  await app?.close();
});

/** What `who` should get from something declaring `access`: let through, or refused with 401 / 403. */
function expected(access: Access, who: Who): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (who === 'anonymous') return 401;
  if (access === 'signed-in') return 'allowed';
  return can(who, access) ? 'allowed' : 403;
}

/** A session for `who` (a fresh one where the call ends its session: signing out). */
async function cookieOf(who: Who, fresh: boolean): Promise<string | undefined> {
  if (who === 'anonymous') return undefined;
  return fresh ? app.login(usernames[who], passwordOf(who)) : cookies[who];
}

/** A path of the row with every parameter naming nothing that exists (no record is touched). */
const concrete = (path: string) => path.replace(/:\w+/g, '999999');

describe('the role walk over REST', () => {
  it('serves under /api only rows of the route table (nothing escapes the walk)', () => {
    const table = new Set(routes().map((r) => `${r.method} ${r.path}`));
    const served = appRoutes(app.app).filter((r) => r.path.startsWith('/api/') && r.method !== 'HEAD');
    expect(served.length).toBeGreaterThan(60);
    expect(served.map((r) => `${r.method} ${r.path}`).filter((key) => !table.has(key))).toEqual([]);
  });

  it('refuses or lets through every REST row for each role exactly as its access says', async () => {
    const rows = routes().filter((r) => typeof r.serve === 'function' && r.path.startsWith('/api/'));
    const outcomes = { allowed: 0, 401: 0, 403: 0 };
    const wrong: string[] = [];
    for (const who of WHO) {
      for (const row of rows) {
        // Signing in or out with a session would end it: those get a session of their own.
        const cookie = await cookieOf(who, row.path === '/api/logout' || row.path === '/api/login');
        const reply = await request(app.baseUrl, row.method, concrete(row.path), { ...(row.method === 'GET' ? {} : { json: {} }), cookie });
        const want = expected(row.access, who);
        // A public row's own 401 (wrong credentials, an expired sign-in step) is its handler's
        // answer, not a refusal by access (which says "Unauthorized").
        const ownAnswer = row.access === 'public' && reply.status === 401 && reply.body?.message !== 'Unauthorized';
        const got = (reply.status === 401 || reply.status === 403) && !ownAnswer ? reply.status : 'allowed';
        // A refusal by access says so; a 403 of the handler's own (a cross-site check) would not.
        const refusedByAccess = got === 401 ? reply.body?.message === 'Unauthorized' : got === 403 ? /^Your role \(\w+\) cannot do this$/.test(reply.body?.message) : true;
        if (got !== want || !refusedByAccess) wrong.push(`${who} ${row.method} ${row.path} (${row.access}): wanted ${want}, got ${reply.status} ${JSON.stringify(reply.body)}`);
        outcomes[got] += 1;
      }
    }
    expect(wrong).toEqual([]);
    // Each kind of outcome happened (the walk is not vacuous).
    expect(outcomes.allowed).toBeGreaterThan(100);
    expect(outcomes[401]).toBeGreaterThan(50);
    expect(outcomes[403]).toBeGreaterThan(20);
  }, 120_000);

  it('lets an editor publish news but not a contributor, and keeps accounts and webhooks from editors', async () => {
    const news = { title: 'Walked in by an editor', brief: 'A brief.', pictureUrl: 'https://example.com/walk.png' };
    const byContributor = await request(app.baseUrl, 'POST', '/api/admin/news', { json: news, cookie: cookies.contributor });
    expect(byContributor).toMatchObject({ status: 403, body: { message: 'Your role (Contributor) cannot do this' } });
    const byEditor = await request(app.baseUrl, 'POST', '/api/admin/news', { json: news, cookie: cookies.editor });
    expect([byEditor.status, byEditor.body.title]).toEqual([201, news.title]);
    expect((await request(app.baseUrl, 'DELETE', `/api/admin/news/${byEditor.body.id}`, { cookie: cookies.contributor })).status).toBe(403);
    expect((await request(app.baseUrl, 'GET', '/api/news', {})).body.map((n: { title: string }) => n.title)).toContain(news.title);

    for (const path of ['/api/admin/admins', '/api/admin/webhooks']) {
      expect((await request(app.baseUrl, 'GET', path, { cookie: cookies.editor })).status).toBe(403);
      expect((await request(app.baseUrl, 'GET', path, { cookie: cookies.admin })).status).toBe(200);
    }
    const created = await gql('mutation($input: NewsInput!) { createNews(input: $input) { id } }', { input: news }, cookies.contributor);
    expect(created.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql('{ admins { id } }', {}, cookies.editor)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql('{ webhooks { id } }', {}, cookies.editor)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

/** A syntactically valid value for an argument of the given type (content is irrelevant; ids name nothing). */
function placeholder(type: unknown): unknown {
  const named = getNamedType(type as GraphQLNonNull<GraphQLScalarType>);
  if (isListType(type) || (type instanceof GraphQLNonNull && isListType(type.ofType))) return [];
  if (named instanceof GraphQLInputObjectType) {
    return Object.fromEntries(
      Object.values(named.getFields())
        .filter((field) => field.type instanceof GraphQLNonNull)
        .map((field) => [field.name, placeholder(field.type)]),
    );
  }
  if (named instanceof GraphQLEnumType) return named.getValues()[0].name;
  if (named.name === 'Int') return 999999;
  if (named.name === 'Boolean') return true;
  if (named.name === 'DateTimeISO') return new Date(Date.now() + 86_400_000).toISOString();
  return 'x';
}

async function callField(root: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, who: Who): Promise<GraphQLResponse> {
  // Signing in or out with a session would end it: those get a session of their own.
  const cookie = await cookieOf(who, field.name === 'logout' || field.name === 'login');
  if (field.name === 'uploadImage') return uploadImage(png, 'pixel.png', 'image/png', cookie);
  const variables: Json = Object.fromEntries(field.args.map((arg) => [arg.name, placeholder(arg.type)]));
  if (field.name === 'login') Object.assign(variables, { username: usernames.contributor, password: PASSWORD });
  const declared = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const type = getNamedType(field.type);
  const subselection = 'getFields' in type ? ' { __typename }' : '';
  return gql(`${root}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${subselection} }`, variables, cookie);
}

describe('the role walk over GraphQL', () => {
  it('declares an access on every root field, and a permission on every staff field but `me`-like ones', async () => {
    const schema = await graphQLSchema();
    const fields = [...Object.values(schema.getQueryType()!.getFields()), ...Object.values(schema.getMutationType()!.getFields())];
    const byAccess: Partial<Record<Access, typeof fields>> = {};
    for (const field of fields) (byAccess[accessOf(field as GraphQLField<unknown, unknown>)] ??= []).push(field);
    expect(byAccess['content.publish']?.map((f) => f.name)).toEqual(expect.arrayContaining(['createNews', 'updateNews', 'deleteNews', 'deleteNewsMany', 'moveNews', 'placeNews', 'updateNewsFlags', 'restoreRevision']));
    expect(byAccess.accounts?.map((f) => f.name)).toEqual(expect.arrayContaining(['admins', 'createAdmin', 'setUserRole', 'deleteAdmin', 'resetAdminPassword']));
    expect(byAccess.webhooks?.map((f) => f.name)).toEqual(expect.arrayContaining(['webhooks', 'createWebhook', 'deleteWebhook']));
    expect(byAccess['content.draft']?.map((f) => f.name)).toEqual(expect.arrayContaining(['contentHistory', 'recentChanges', 'uploadImage']));
    expect(byAccess.enquiries?.map((f) => f.name).sort()).toEqual(['deleteEnquiry', 'enquiries', 'enquiry', 'enquiryCounts', 'markEnquiryHandled', 'restoreEnquiry']);
    expect(byAccess['signed-in']?.map((f) => f.name)).toEqual(expect.arrayContaining(['changeOwnPassword']));
    // Every public mutation is one a visitor needs: signing in (and setting up the second factor a sign-in needs) and out, and sending an enquiry.
    expect(byAccess.public?.filter((f) => Object.values(schema.getMutationType()!.getFields()).includes(f as never)).map((f) => f.name).sort()).toEqual([
      // Signing in (its steps carry their own short-lived token: auth/sign-in) and out.
      'beginTotpEnrolment',
      'confirmTotpEnrolment',
      'login',
      'logout',
      'passkeyRegistrationOptions',
      'passkeySignInOptions',
      'registerPasskey',
      'signIn',
      'signInWithCode',
      'signInWithPasskey',
      // The contact form (its own spam rules and limits: enquiries/intake.service.ts).
      'submitEnquiry',
    ]);
  });

  it('refuses or lets through every Query and Mutation field for each role exactly as its access says', async () => {
    const schema = await graphQLSchema();
    const roots = [
      ['query', Object.values(schema.getQueryType()!.getFields())],
      ['mutation', Object.values(schema.getMutationType()!.getFields())],
    ] as const;
    const outcomes = { allowed: 0, UNAUTHENTICATED: 0, FORBIDDEN: 0 };
    const wrong: string[] = [];
    for (const who of WHO) {
      for (const [root, fields] of roots) {
        for (const field of fields as GraphQLField<unknown, unknown>[]) {
          const result = await callField(root, field, who);
          const want = { allowed: 'allowed', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN' }[expected(accessOf(field), who)];
          // A public field's own UNAUTHENTICATED (wrong credentials, an expired sign-in step) is its
          // resolver's answer, not a refusal by access (which says "Unauthorized").
          const ownAnswer = (e: { message: string; extensions?: Json }) => accessOf(field) === 'public' && e.extensions?.code === 'UNAUTHENTICATED' && e.message !== 'Unauthorized';
          const error = result.errors?.find((e) => ['UNAUTHENTICATED', 'FORBIDDEN'].includes(String(e.extensions?.code)) && !ownAnswer(e));
          const got = (error?.extensions?.code as 'UNAUTHENTICATED' | 'FORBIDDEN' | undefined) ?? 'allowed';
          if (got !== want) wrong.push(`${who} ${root} ${field.name} (${accessOf(field)}): wanted ${want}, got ${JSON.stringify(result.errors ?? result.data)}`);
          outcomes[got] += 1;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(outcomes.allowed).toBeGreaterThan(100);
    expect(outcomes.UNAUTHENTICATED).toBeGreaterThan(30);
    expect(outcomes.FORBIDDEN).toBeGreaterThan(20);
  }, 180_000);
});
