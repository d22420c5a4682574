import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { server } from './browser.js';

/** The server's embedded PostgreSQL (in the e2e DATA_DIR): its port and generated password. */
export async function withDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const { dataDir } = server();
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const { postgresPassword } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
  };
  const db = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: postgresPassword, database: 'postgres' });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}
