// Where the test PostgreSQL is. global-setup.ts starts one embedded server per jest run (or
// uses DATABASE_URL when set) and publishes its admin URL through this environment variable.
export const TEST_DATABASE_ENV = 'API_TEST_DATABASE_URL';

export function testServerUrl(): string {
  const url = process.env[TEST_DATABASE_ENV];
  if (!url) throw new Error(`${TEST_DATABASE_ENV} is not set: run the tests through jest (api/jest.config.js)`);
  return url;
}

/** The same server, another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
