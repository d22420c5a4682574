import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Canvas } from '../../src/db/seeds/png.js';
import { BOUNDARY, closing, part, rawRequest, type RawOptions } from '../helpers/multipart.http.js';
import { signedInApp, storedUploads } from '../helpers/signed-in-app.js';

// Hostile multipart bodies on both upload routes: each gets a 400 (never a 500, never a request
// left unanswered), an anonymous caller is refused before the body is read, and the server
// keeps serving afterwards.

const session = signedInApp();

const PNG = new Canvas(8, 8, [20, 120, 200]).toPng();
const storedFiles = () => storedUploads(session.app);

const MUTATION = 'mutation($file: Upload!) { uploadImage(file: $file) { url } }';
const operations = JSON.stringify({ query: MUTATION, variables: { file: null } });
const map = JSON.stringify({ 0: ['variables.file'] });
const graphqlHeaders = () => ({ 'apollo-require-preflight': 'true', cookie: session.cookie });

/** Refusals arriving later than this count as a hang (the server has to notice within a second). */
const WAIT_MS = 3000;
/** A well-formed upload is decoded and re-encoded (image worker start-up included, on a busy machine). */
const UPLOAD_WAIT_MS = 30_000;

function graphql(body: Buffer, options: Partial<RawOptions> = {}) {
  return rawRequest(session.app.baseUrl, { path: '/graphql', body, waitMs: WAIT_MS, ...options, headers: { ...graphqlHeaders(), ...options.headers } });
}

function rest(body: Buffer, options: Partial<RawOptions> = {}) {
  return rawRequest(session.app.baseUrl, { path: '/api/upload-image', body, waitMs: WAIT_MS, ...options, headers: { cookie: session.cookie, ...options.headers } });
}

async function stillServes() {
  const reply = await fetch(`${session.app.baseUrl}/api/countries`);
  expect(reply.status).toBe(200);
}

describe('multipart on /graphql', () => {
  const malformed: [string, Buffer, Partial<RawOptions>][] = [
    ['a body with no boundary in its type', Buffer.concat([part('operations', operations), closing]), {
      headers: { 'content-type': 'multipart/form-data' },
    }],
    ['a body cut in the middle of a part (chunked, then ended)', Buffer.concat([part('operations', operations), part('map', map), part('0', PNG, 'a.png', 'image/png').subarray(0, 120)]), { mode: 'chunked-end' }],
    ['a body cut in the middle of a part headers', Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`), { mode: 'chunked-end' }],
    ['garbage instead of parts', Buffer.from('this is not multipart at all'), {}],
    ['operations that are not JSON', Buffer.concat([part('operations', '{"query": '), part('map', map), part('0', PNG, 'a.png'), closing]), {}],
    ['operations that are a JSON string', Buffer.concat([part('operations', '"mutation"'), part('map', map), part('0', PNG, 'a.png'), closing]), {}],
    ['a map that is not JSON', Buffer.concat([part('operations', operations), part('map', '{0:'), part('0', PNG, 'a.png'), closing]), {}],
    ['a map that is an array', Buffer.concat([part('operations', operations), part('map', '[["variables.file"]]'), part('0', PNG, 'a.png'), closing]), {}],
    ['a map naming a file part that is not there', Buffer.concat([part('operations', operations), part('map', JSON.stringify({ 1: ['variables.file'] })), part('0', PNG, 'a.png'), closing]), {}],
    ['a map pointing at a path the operation does not have', Buffer.concat([part('operations', operations), part('map', JSON.stringify({ 0: ['variables.other'] })), part('0', PNG, 'a.png'), closing]), {}],
    ['a map entry whose paths are not a list', Buffer.concat([part('operations', operations), part('map', JSON.stringify({ 0: 'variables.file' })), part('0', PNG, 'a.png'), closing]), {}],
    ['a map with an empty path list', Buffer.concat([part('operations', operations), part('map', JSON.stringify({ 0: [] })), part('0', PNG, 'a.png'), closing]), {}],
    ['map before operations', Buffer.concat([part('map', map), part('operations', operations), part('0', PNG, 'a.png'), closing]), {}],
    ['the file before the map', Buffer.concat([part('operations', operations), part('0', PNG, 'a.png'), part('map', map), closing]), {}],
    ['no file part', Buffer.concat([part('operations', operations), part('map', map), closing]), {}],
    ['no operations', Buffer.concat([part('map', map), closing]), {}],
    ['an extra text field', Buffer.concat([part('operations', operations), part('map', map), part('note', 'hello'), part('0', PNG, 'a.png'), closing]), {}],
    ['an extra file part the map does not name', Buffer.concat([part('operations', operations), part('map', map), part('0', PNG, 'a.png'), part('extra', PNG, 'b.png'), closing]), {}],
    ['an empty body', Buffer.alloc(0), {}],
    ['a body that stops mid-part while the client keeps the socket open', Buffer.concat([part('operations', operations), part('map', map), part('0', PNG, 'a.png', 'image/png').subarray(0, 150)]), { mode: 'stall', announce: 100_000 }],
    ['a body that stops before the file while the client keeps the socket open', Buffer.concat([part('operations', operations), part('map', map)]), { mode: 'stall', announce: 100_000 }],
  ];

  it.each(malformed)('answers 400 to %s', async (_name, body, options) => {
    const before = storedFiles();
    const reply = await graphql(body, options);
    expect([reply.status, reply.body?.errors?.[0]?.extensions?.code]).toEqual([400, expect.any(String)]);
    expect(JSON.stringify(reply.body)).not.toMatch(/at \w+ \(|node_modules|Internal server error/);
    expect(storedFiles()).toEqual(before);
    await stillServes();
  });

  it('says that two files are one too many (400, not "too large")', async () => {
    const twoMap = JSON.stringify({ 0: ['variables.file'], 1: ['variables.other'] });
    const reply = await graphql(Buffer.concat([part('operations', operations), part('map', twoMap), part('0', PNG, 'a.png'), part('1', PNG, 'b.png'), closing]));
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].message).toBe('Only one file per request');

    const twoFilesOneMapEntry = await graphql(Buffer.concat([part('operations', operations), part('map', map), part('0', PNG, 'a.png'), part('0', PNG, 'b.png'), closing]));
    expect(twoFilesOneMapEntry.status).toBe(400);
    expect(twoFilesOneMapEntry.body.errors[0].message).toBe('Only one file per request');
  });

  it('refuses an anonymous caller before reading the body (the client is still holding the rest)', async () => {
    const before = storedFiles();
    const reply = await graphql(Buffer.concat([part('operations', operations), part('map', map), part('0', PNG.subarray(0, 20), 'a.png')]), {
      headers: { cookie: '' },
      mode: 'stall',
      announce: 5 * 1024 * 1024,
    });
    expect(reply.status).toBe(401);
    expect(reply.body.errors[0]).toMatchObject({ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } });
    expect(storedFiles()).toEqual(before);
  });

  it('still takes a well-formed upload after all that', async () => {
    const reply = await graphql(Buffer.concat([part('operations', operations), part('map', map), part('0', PNG, 'a.png', 'image/png'), closing]), { waitMs: UPLOAD_WAIT_MS });
    expect(reply.status).toBe(200);
    expect(reply.body.data.uploadImage.url).toMatch(/^\/uploads\/[\w-]+\.png$/);
  });

  it('takes a well-formed upload sent in chunked transfer encoding', async () => {
    const reply = await graphql(Buffer.concat([part('operations', operations), part('map', map), part('0', PNG, 'a.png', 'image/png'), closing]), { mode: 'chunked-end', waitMs: UPLOAD_WAIT_MS });
    expect(reply.status).toBe(200);
    expect(reply.body.data.uploadImage.url).toMatch(/^\/uploads\/[\w-]+\.png$/);
  });
});

describe('multipart on /api/upload-image', () => {
  const malformed: [string, Buffer, Partial<RawOptions>][] = [
    ['a body with no boundary in its type', Buffer.concat([part('file', PNG, 'a.png'), closing]), {
      headers: { 'content-type': 'multipart/form-data' },
    }],
    ['a body cut in the middle of the file (chunked, then ended)', part('file', PNG, 'a.png').subarray(0, 120), { mode: 'chunked-end' }],
    ['garbage instead of parts', Buffer.from('this is not multipart at all'), {}],
    ['no file part', Buffer.concat([part('note', 'no file'), closing]), {}],
    ['the file in another field', Buffer.concat([part('image', PNG, 'a.png'), closing]), {}],
    ['an empty body', Buffer.alloc(0), {}],
    ['a body that stops mid-part while the client keeps the socket open', part('file', PNG, 'a.png').subarray(0, 150), { mode: 'stall', announce: 100_000 }],
  ];

  it.each(malformed)('answers 400 to %s', async (_name, body, options) => {
    const before = storedFiles();
    const reply = await rest(body, options);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: expect.any(String) });
    expect(JSON.stringify(reply.body)).not.toMatch(/at \w+ \(|node_modules|Internal server error/);
    expect(storedFiles()).toEqual(before);
    await stillServes();
  });

  it('says that two files are one too many', async () => {
    const reply = await rest(Buffer.concat([part('file', PNG, 'a.png'), part('file', PNG, 'b.png'), closing]));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Only one file per request');
  });

  it('ignores a few extra text fields beside the file, as a browser form may send them', async () => {
    const reply = await rest(Buffer.concat([part('note', 'hello'), part('file', PNG, 'a.png', 'image/png'), closing]), { waitMs: UPLOAD_WAIT_MS });
    expect(reply.status).toBe(201);
  });

  it('refuses an anonymous caller before reading the body', async () => {
    const reply = await rest(Buffer.concat([part('file', PNG.subarray(0, 20), 'a.png')]), {
      headers: { cookie: '' },
      mode: 'stall',
      announce: 5 * 1024 * 1024,
    });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Unauthorized' });
  });

  it('answers an announced oversized body with 413 from its Content-Length, before reading it', async () => {
    const reply = await rest(part('file', PNG.subarray(0, 20), 'a.png'), { mode: 'stall', announce: 200 * 1024 * 1024 });
    expect(reply.status).toBe(413);
    expect(reply.body.error).toBe('Maximum file size is 10MB');
    expect(reply.headers.connection).toBe('close');
  });
});

describe('damaged multipart bodies (fast-check)', () => {
  const valid = Buffer.concat([part('operations', operations), part('map', map), part('0', PNG, 'a.png', 'image/png'), closing]);

  // A valid upload cut short, with bytes overwritten, or with bytes spliced in: always an answer,
  // 200 or a 4xx with a GraphQL error, never a 500 or a hang.
  const damaged = fc.oneof(
    fc.nat({ max: valid.length - 1 }).map((cut) => valid.subarray(0, cut)),
    fc.tuple(fc.nat({ max: valid.length - 1 }), fc.uint8Array({ minLength: 1, maxLength: 16 })).map(([at, bytes]) => {
      const copy = Buffer.from(valid);
      copy.set(bytes.subarray(0, copy.length - at), at);
      return copy;
    }),
    fc.tuple(fc.nat({ max: valid.length }), fc.constantFrom('\r\n', '--', `--${BOUNDARY}`, `--${BOUNDARY}--`, '"', '{', 'Content-Disposition: form-data; name="0"; filename="x"\r\n\r\n')).map(
      ([at, text]) => Buffer.concat([valid.subarray(0, at), Buffer.from(text), valid.subarray(at)]),
    ),
  );

  it('answers every damaged body with 200 or 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(damaged, fc.constantFrom<'complete' | 'chunked-end'>('complete', 'chunked-end'), async (body, mode) => {
        const reply = await graphql(body, { mode, waitMs: UPLOAD_WAIT_MS });
        expect(reply.status === 200 || (reply.status >= 400 && reply.status < 500)).toBe(true);
        if (reply.status !== 200) expect(reply.body.errors[0].extensions.code).toEqual(expect.any(String));
      }),
      { numRuns: 60, seed: 20261123 },
    );
    await stillServes();
  }, 120_000);
});
