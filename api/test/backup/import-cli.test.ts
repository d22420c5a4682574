import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TarGzBuilder, writeSiteArchive } from '../helpers/backup-archives.js';

// `npm run import` as a process, with its own embedded PostgreSQL in DATA_DIR (no DATABASE_URL):
// on every way out (a refused archive, SIGTERM in the middle of writing files) it stops that
// PostgreSQL and leaves no temporary folder, and an interrupted import changes nothing.

const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
let work: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-cli-'));
  // The embedded PostgreSQL runs as the `postgres` user when we are root: it must reach DATA_DIR.
  fs.chmodSync(work, 0o755);
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** Starts the import CLI on DATA_DIR `dataDir`, with its own empty TMPDIR. */
function importCli(dataDir: string, tmpDir: string, archive: string): Run {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, TMPDIR: tmpDir, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/backup/import-cli.ts', archive], { cwd: API_DIR, env });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

/** PostgreSQL processes serving the cluster in `dataDir`. */
function postgresOf(dataDir: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let command: string;
    try {
      command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      continue;
    }
    if (command.includes('postgres') && command.includes(path.join(dataDir, 'pg'))) found.push(Number(pid));
  }
  return found;
}

function fresh(name: string): { dataDir: string; tmpDir: string } {
  const dataDir = path.join(work, name, 'data');
  const tmpDir = path.join(work, name, 'tmp');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  return { dataDir, tmpDir };
}

/** What the CLI left in its TMPDIR (tsx keeps its compile cache there: not ours). */
const leftIn = (tmpDir: string) => fs.readdirSync(tmpDir).filter((name) => !name.startsWith('tsx-'));

const uploadsIn = (dataDir: string) => (fs.existsSync(path.join(dataDir, 'uploads')) ? fs.readdirSync(path.join(dataDir, 'uploads')) : []);

describe('npm run import', () => {
  it('refuses a hostile archive, exits 1, and stops its PostgreSQL', async () => {
    const { dataDir, tmpDir } = fresh('refused');
    const archive = path.join(work, 'symlink.tar.gz');
    writeSiteArchive(archive, { before: (b: TarGzBuilder) => b.entry({ path: 'uploads/passwd.png', type: 'SymbolicLink', linkpath: '/etc/passwd' }) });
    const result = await importCli(dataDir, tmpDir, archive).done;
    expect(result.stderr).toContain('Import refused: The archive holds a symbolic link (uploads/passwd.png)');
    expect(result.code).toBe(1);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true); // it did run its own
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(postgresOf(dataDir)).toEqual([]);
    expect(leftIn(tmpDir)).toEqual([]);
    expect(uploadsIn(dataDir)).toEqual([]);
  }, 120_000);

  it('on SIGTERM while writing files: rolls back, removes the files, stops its PostgreSQL, exits 143', async () => {
    const { dataDir, tmpDir } = fresh('interrupted');
    const big = path.join(work, 'big.tar.gz');
    writeSiteArchive(big, { files: 40_000, rows: { countries: [JSON.stringify({ id: 1, name: 'Kuwait', code: 'KW', flag_image_url: 'https://example.com/kw.png', display_order: 1, version: 1 })] } });
    const run = importCli(dataDir, tmpDir, big);
    // Pass 2 has begun once files appear in storage: the rows are in, uncommitted.
    const deadline = Date.now() + 90_000;
    while (uploadsIn(dataDir).length === 0 && run.child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(uploadsIn(dataDir).length).toBeGreaterThan(0);
    const pids = postgresOf(dataDir);
    expect(pids.length).toBeGreaterThan(0);
    run.child.kill('SIGTERM');
    const result = await run.done;
    expect(result.stderr).toContain('Import interrupted by SIGTERM. Nothing was changed.');
    expect(result.code).toBe(143);
    expect(uploadsIn(dataDir)).toEqual([]);
    expect(postgresOf(dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(leftIn(tmpDir)).toEqual([]);

    // Nothing was committed: the same target takes a valid archive.
    const small = path.join(work, 'small.tar.gz');
    writeSiteArchive(small, { files: 3 });
    const again = await importCli(dataDir, tmpDir, small).done;
    expect(again.stderr).toBe('');
    expect(again.stdout).toContain('; 3 files from');
    expect(again.code).toBe(0);
    expect(uploadsIn(dataDir)).toHaveLength(3);
    expect(postgresOf(dataDir)).toEqual([]);
  }, 240_000);
});
