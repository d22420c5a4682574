import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import sharp from 'sharp';
import { isOutOfStorage, StorageHealth } from '../../src/ops/storage-health.js';
import type { ImageStorage } from '../../src/uploads/storage.js';
import { request, type Reply } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// A full disk (or a full quota) answers every upload 507 with a clear message,
// REST and GraphQL alike, never a 500 with a stack, and is logged once a second at most, as a
// database outage is. What was stored before stays, and nothing half-written is left behind.

const OUT_OF_SPACE = 'The server is out of storage space; try again later';

const logLines: Record<string, unknown>[] = [];
const session = signedInApp({}, { logger: pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) }) });

/** What fs raises when the device (ENOSPC) or the user's quota (EDQUOT) is full. */
function diskFullError(code: 'ENOSPC' | 'EDQUOT', path: string): NodeJS.ErrnoException {
  const text = code === 'ENOSPC' ? 'no space left on device' : 'disk quota exceeded';
  return Object.assign(new Error(`${code}: ${text}, write '${path}'`), { errno: code === 'ENOSPC' ? -28 : -122, code, syscall: 'write', path });
}

/**
 * The app's storage on a disk that fills up: the next `writesLeft` writes succeed, every later
 * one fails as fs fails on a full disk (after reading the body, as a write stream does). Reads
 * and removals work as before. Returns the function that frees the disk again.
 */
function fillDisk(storage: ImageStorage, { writesLeft = 0, code = 'ENOSPC' as 'ENOSPC' | 'EDQUOT' } = {}): () => void {
  const save = storage.save;
  let left = writesLeft;
  storage.save = async (name, body) => {
    if (left > 0) {
      left -= 1;
      return save.call(storage, name, body);
    }
    if (!(body instanceof Uint8Array)) for await (const _chunk of body) void _chunk;
    throw diskFullError(code, `/data/uploads/.partial-${name}`);
  };
  return () => {
    storage.save = save;
  };
}

async function storedFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for await (const name of session.app.deps.storage.list()) {
    const file = (await session.app.deps.storage.open(name))!;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
    files.set(name, Buffer.concat(chunks).toString('base64'));
  }
  return files;
}

const png = (colour: string) => sharp({ create: { width: 24, height: 16, channels: 3, background: colour } }).png().toBuffer();

async function uploadRest(bytes: Buffer): Promise<Reply> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  return request(session.app.baseUrl, 'POST', '/api/upload-image', { body: form, cookie: session.cookie });
}

async function uploadGraphQL(bytes: Buffer): Promise<Reply> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadImage(file: $file) { url } }', variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  return request(session.app.baseUrl, 'POST', '/graphql', { body: form, cookie: session.cookie, headers: { 'apollo-require-preflight': 'true' } });
}

function expectOutOfSpace(reply: Reply) {
  expect(reply.status).toBe(507);
  expect(reply.body).toEqual({ message: OUT_OF_SPACE });
}

function expectGraphQLOutOfSpace(reply: Reply) {
  expect(reply.status).toBe(507);
  expect(reply.body.data).toBeNull();
  expect(reply.body.errors).toEqual([
    expect.objectContaining({ message: OUT_OF_SPACE, extensions: { code: 'INSUFFICIENT_STORAGE' } }),
  ]);
}

const outOfSpaceLines = () => logLines.filter((line) => String(line.msg).includes('out of storage space'));

describe('a full disk', () => {
  it('answers uploads 507 with a clear message (REST and GraphQL), keeps what was stored and leaves nothing half-written', async () => {
    expect((await uploadRest(await png('#114477'))).status).toBe(201);
    const before = await storedFiles();
    const firstLine = logLines.length;

    // The disk fills in the middle of an upload: two variants written, then ENOSPC.
    const freeDisk = fillDisk(session.app.deps.storage, { writesLeft: 2 });
    try {
      const rest = await uploadRest(await png('#aa2200'));
      expectOutOfSpace(rest);
      expect(JSON.stringify(rest.body)).not.toMatch(/ENOSPC|stack|\bat /);
      const graphql = await uploadGraphQL(await png('#00aa22'));
      expectGraphQLOutOfSpace(graphql);
      expect(JSON.stringify(graphql.body)).not.toMatch(/ENOSPC|stack|\bat /);
    } finally {
      freeDisk();
    }
    const freeQuota = fillDisk(session.app.deps.storage, { code: 'EDQUOT' });
    try {
      expectOutOfSpace(await uploadRest(await png('#2200aa')));
      expectGraphQLOutOfSpace(await uploadGraphQL(await png('#22aa00')));
    } finally {
      freeQuota();
    }

    // Everything stored before is there, byte for byte, and nothing else is.
    expect(await storedFiles()).toEqual(before);
    // No error line, no stack: the condition is summarised.
    const lines = logLines.slice(firstLine);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('stack');
    expect(outOfSpaceLines().length).toBeGreaterThanOrEqual(1);
    expect(outOfSpaceLines()[0]).toMatchObject({ level: 40, code: 'ENOSPC' });

    // Space again: uploads work.
    const after = await uploadRest(await png('#777777'));
    expect(after.status).toBe(201);
    expect((await fetch(`${session.app.baseUrl}${after.body.url}`)).status).toBe(200);
  });

  it('logs at most one line a second however many uploads it refuses, counting the ones it did not log', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const firstLine = logLines.length;
    const refusedBefore = outOfSpaceLines().length;
    const bytes = await png('#3366cc');
    const freeDisk = fillDisk(session.app.deps.storage);
    const started = Date.now();
    let refused = 0;
    try {
      for (let round = 0; round < 10; round++) {
        const replies = await Promise.all([
          ...Array.from({ length: 8 }, () => uploadRest(bytes)),
          ...Array.from({ length: 2 }, () => uploadGraphQL(bytes)),
        ]);
        for (const reply of replies) expect(reply.status).toBe(507);
        refused += replies.length;
      }
    } finally {
      freeDisk();
    }
    const seconds = (Date.now() - started) / 1000;
    const lines = outOfSpaceLines().slice(refusedBefore);
    expect(refused).toBe(100);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    // Each line says how many refusals it stands for; the ones after the last line are counted by
    // the next. The first line's count may include refusals of the test before (not logged then).
    const counted = lines.reduce((sum, line, index) => sum + (index === 0 ? 0 : Number(line.notLogged)) + 1, 0);
    expect(counted).toBeLessThanOrEqual(refused);
    // No request line per refusal either, and never an error line or a stack.
    const newLines = logLines.slice(firstLine);
    expect(newLines.filter((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 507)).toEqual([]);
    expect(newLines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(JSON.stringify(newLines)).not.toContain('stack');
  });
});

describe('what counts as out of storage', () => {
  it('is ENOSPC, EDQUOT and PostgreSQL disk_full, also wrapped, and nothing else', () => {
    expect(isOutOfStorage(diskFullError('ENOSPC', '/data/uploads/x'))).toBe(true);
    expect(isOutOfStorage(diskFullError('EDQUOT', '/data/uploads/x'))).toBe(true);
    expect(isOutOfStorage(Object.assign(new Error('could not extend file "base/16384/2619": No space left on device'), { code: '53100' }))).toBe(true);
    expect(isOutOfStorage(new Error('upload failed', { cause: diskFullError('ENOSPC', '/x') }))).toBe(true);
    expect(isOutOfStorage(new AggregateError([diskFullError('EDQUOT', '/x')]))).toBe(true);
    for (const other of [new Error('ENOSPC mentioned in a message only'), Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), null, 'ENOSPC']) {
      expect(isOutOfStorage(other)).toBe(false);
    }
  });

  it('is logged at most once a second, counting the refusals not logged, without a stack', () => {
    let now = 5_000_000;
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const health = new StorageHealth(() => now);
    for (let i = 0; i < 50; i++) {
      health.reportFull(diskFullError('ENOSPC', '/data/uploads/.partial-1'), logger);
      now += 19;
    }
    expect(lines).toHaveLength(1);
    now += 100;
    health.reportFull(diskFullError('ENOSPC', '/data/uploads/.partial-2'), logger);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 40, msg: 'out of storage space: answering 507', code: 'ENOSPC', notLogged: 49 });
    expect(JSON.stringify(lines)).not.toContain('stack');
  });
});
