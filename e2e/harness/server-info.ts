import { readFileSync } from 'node:fs';

/** Written by the global setup (into the temporary DATA_DIR), read by the tests. */
export interface ServerInfo {
  baseUrl: string;
  adminUsername: string;
  adminPassword: string;
  dataDir: string;
  pid: number;
}

export function readServerInfo(): ServerInfo {
  const file = process.env.E2E_SERVER_INFO;
  if (!file) throw new Error('No running e2e server: run the end-to-end tests with `npm run test:e2e`.');
  return JSON.parse(readFileSync(file, 'utf8')) as ServerInfo;
}
