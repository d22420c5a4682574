import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config.js';
import { graphqlClient, type GraphQLResponse, type Json } from '../helpers/graphql.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { TEST_ADMIN } from '../helpers/test-app.js';

// Signing in over GraphQL: me, login and logout sharing the session and the login rate limit with REST.

const LOGIN_LIMITS = loadConfig({}).loginLimits;

const session = signedInApp();
const { gql, rest } = graphqlClient(session);

describe('auth', () => {
  const meQuery = '{ me { id username createdAt updatedAt } }';
  const loginMutation = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { id username } }';

  it('me is null for an anonymous caller and the admin for a session', async () => {
    expect((await gql(meQuery)).data).toEqual({ me: null });
    const me = (await gql(meQuery, {}, session.cookie)).data!.me as Json;
    expect(me.username).toBe(TEST_ADMIN.username);
  });

  it('a GraphQL login cookie works on REST, and a GraphQL logout ends it there too', async () => {
    const login = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: loginMutation, variables: { u: TEST_ADMIN.username, p: TEST_ADMIN.password } }),
    });
    const body = (await login.json()) as GraphQLResponse;
    expect(body.errors).toBeUndefined();
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect((await rest('GET', '/api/auth/check', undefined, cookie)).body).toMatchObject({ authenticated: true });

    expect((await gql('mutation { logout }', {}, cookie)).data).toEqual({ logout: true });
    expect((await rest('GET', '/api/auth/check', undefined, cookie)).body).toMatchObject({ authenticated: false });
    expect((await gql(meQuery, {}, cookie)).data).toEqual({ me: null });
  });

  it('a REST login cookie works on GraphQL', async () => {
    const cookie = await session.app.login();
    expect(((await gql(meQuery, {}, cookie)).data!.me as Json).username).toBe(TEST_ADMIN.username);
  });

  it('wrong credentials are UNAUTHENTICATED with the REST message', async () => {
    const result = await gql(loginMutation, { u: TEST_ADMIN.username, p: 'wrong password' });
    expect(result.errors![0]!.extensions?.code).toBe('UNAUTHENTICATED');
    expect(result.errors![0]!.message).toBe('Invalid credentials');
  });

  it('refuses several logins in one request, so aliases cannot multiply guesses', async () => {
    const result = await gql(
      `mutation { a: login(username: "ghost", password: "one") { id } b: login(username: "ghost", password: "two") { id } }`,
    );
    expect(result.status).toBe(400);
    expect(result.errors![0]!.message).toBe('Only one login is allowed per request');
  });

  it('counts every sign-in step as a login: one password, code or passkey per request', async () => {
    for (const query of [
      `mutation { a: signInWithCode(token: "t", code: "111111") { status } b: signInWithCode(token: "t", code: "222222") { status } }`,
      `mutation { a: login(username: "ghost", password: "one") { id } b: signIn(username: "ghost", password: "two") { status } }`,
      `mutation { a: confirmTotpEnrolment(code: "111111") { recoveryCodes } b: signInWithPasskey(response: "{}") { status } }`,
    ]) {
      const result = await gql(query);
      expect(result.status).toBe(400);
      expect(result.errors![0]!.message).toBe('Only one login is allowed per request');
    }
  });

  it('shares the login rate limit with REST', async () => {
    const { perUsername } = LOGIN_LIMITS;
    for (let attempt = 0; attempt < perUsername; attempt += 1) {
      const result = await gql(loginMutation, { u: 'rate-limited', p: `guess ${attempt}` });
      expect(result.errors![0]!.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const blocked = await gql(loginMutation, { u: 'rate-limited', p: 'one more' });
    expect(blocked.errors![0]!.extensions?.code).toBe('TOO_MANY_REQUESTS');
    const restAttempt = await rest('POST', '/api/login', { username: 'rate-limited', password: 'one more' });
    expect(restAttempt.status).toBe(429);
  });
});
