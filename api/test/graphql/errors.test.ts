import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createErrorFormatter } from '../../src/graphql/errors.js';
import { NotFound, ValidationFailed } from '../../src/shared/errors.js';
import type { GraphQLResponse } from '../helpers/graphql.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// GraphQL errors: the formatter (masking, typed service errors), and production's masking,
// introspection and Sandbox against the real app.

describe('error formatting', () => {
  const logger = { error: () => {} } as never;
  const located = { message: 'relation "x" does not exist', path: ['countries'], extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['at db'] } };

  it('masks unexpected errors in production and never passes a stack trace on', () => {
    const format = createErrorFormatter({ maskUnexpected: true, logger });
    expect(format(located, new Error('relation "x" does not exist'))).toEqual({
      message: 'Internal server error',
      path: ['countries'],
      locations: undefined,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });

  it('gives typed service errors their code, message and field errors', () => {
    const format = createErrorFormatter({ maskUnexpected: true, logger });
    expect(format({ message: 'x', path: ['updateCountry'] }, new NotFound('Country not found'))).toEqual({
      message: 'Country not found',
      path: ['updateCountry'],
      locations: undefined,
      extensions: { code: 'NOT_FOUND' },
    });
    const errors = [{ field: 'name', message: 'Name is required' }];
    expect(format({ message: 'x' }, new ValidationFailed(errors)).extensions).toEqual({ code: 'BAD_USER_INPUT', errors });
  });
});

describe('in production', () => {
  let production: TestApp;
  let introspectable: TestApp;

  beforeAll(async () => {
    production = await startTestApp({ env: 'production' });
    introspectable = await startTestApp({ env: 'production', graphqlIntrospection: true });
  });

  afterAll(async () => {
    await production?.close();
    await introspectable?.close();
  });

  const post = async (target: TestApp, query: string) => {
    const response = await fetch(`${target.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, ...((await response.json()) as object) } as GraphQLResponse;
  };

  it('masks an unexpected failure and sends no stack trace', async () => {
    await production.orm.em.getConnection().execute('alter table countries rename to countries_gone');
    try {
      const result = await post(production, '{ countries { id } }');
      expect(result.errors).toEqual([
        { message: 'Internal server error', locations: [{ line: 1, column: 3 }], path: ['countries'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      ]);
      expect(JSON.stringify(result)).not.toMatch(/countries_gone|relation|stacktrace|\.js:\d+/);
    } finally {
      await production.orm.em.getConnection().execute('alter table countries_gone rename to countries');
    }
  });

  it('keeps introspection and the Sandbox off unless GRAPHQL_INTROSPECTION allows them', async () => {
    const closed = await post(production, '{ __schema { queryType { name } } }');
    expect(closed.status).toBe(400);
    expect(closed.errors![0]!.message).toMatch(/introspection is not allowed/i);
    const sandbox = await fetch(`${production.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(await sandbox.text()).not.toMatch(/sandbox/i);

    const open = await post(introspectable, '{ __schema { queryType { name } } }');
    expect(open.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const page = await fetch(`${introspectable.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/sandbox/i);
  });
});
