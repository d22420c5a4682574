import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { UPLOAD_MAX_BYTES, UPLOAD_NOT_AN_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '@consulting/model';
import { COMMAND_LINE, createUser } from '../../src/auth/accounts.service.js';
import { Canvas } from '../../src/db/seeds/png.js';
import { MAX_MULTIPART_BODY_BYTES } from '../../src/uploads/multipart.js';
import { closing, part, rawRequest, type RawOptions, type RawReply } from '../helpers/multipart.http.js';
import { signedInApp, storedUploads } from '../helpers/signed-in-app.js';

// The upload rules have one home (storeImage, the model's limit and messages): the REST route and
// the GraphQL mutation answer every refusal alike, and the admin rule is the one every other
// admin operation follows.

const session = signedInApp();

const PNG = new Canvas(8, 8, [30, 160, 90]).toPng();
const MUTATION = 'mutation($file: Upload!) { uploadImage(file: $file) { url } }';
const operations = JSON.stringify({ query: MUTATION, variables: { file: null } });
const map = JSON.stringify({ 0: ['variables.file'] });

type Path = 'rest' | 'graphql';

/** One upload of `bytes` on either path; `cookie` null for an anonymous caller. */
function upload(on: Path, bytes: Uint8Array, cookie: string | null, options: Partial<RawOptions> = {}): Promise<RawReply> {
  const body =
    on === 'rest'
      ? Buffer.concat([part('file', bytes, 'a.png', 'image/png'), closing])
      : Buffer.concat([part('operations', operations), part('map', map), part('0', bytes, 'a.png', 'image/png'), closing]);
  const headers: Record<string, string> = { cookie: cookie ?? '', ...(on === 'graphql' && { 'apollo-require-preflight': 'true' }) };
  return rawRequest(session.app.baseUrl, { path: on === 'rest' ? '/api/upload-image' : '/graphql', body, headers, waitMs: 30_000, ...options });
}

/** What a refusal says, whichever path answered it: [status, message]. */
function refusal(reply: RawReply): [number, string | undefined] {
  return [reply.status, reply.body?.errors?.[0]?.message ?? reply.body?.message];
}

describe('upload refusals are the same on REST and GraphQL', () => {
  const overLimit = Buffer.alloc(UPLOAD_MAX_BYTES + 1);
  overLimit.set(PNG);

  // [name, the upload, its status on REST, on GraphQL, the message both say]. GraphQL answers a
  // refusal made before the operation runs with its HTTP status, one made by the resolver with 200
  // (GraphQL over HTTP), and both with the message and code of the same error.
  it.each<[string, () => [Uint8Array, string | null, Partial<RawOptions>?], number, number, string]>([
    ['an anonymous caller', () => [PNG, null], 401, 401, 'Unauthorized'],
    ['a file one byte over the limit', () => [overLimit, session.cookie], 413, 413, UPLOAD_TOO_LARGE_MESSAGE],
    [
      'a body announcing more than the limit',
      () => [PNG, session.cookie, { mode: 'stall', announce: MAX_MULTIPART_BODY_BYTES + 1, waitMs: 3000 }],
      413,
      413,
      UPLOAD_TOO_LARGE_MESSAGE,
    ],
    [
      'an anonymous caller announcing more than the limit (who may upload is asked first)',
      () => [PNG, null, { mode: 'stall', announce: MAX_MULTIPART_BODY_BYTES + 1, waitMs: 3000 }],
      401,
      401,
      'Unauthorized',
    ],
    ['a file that is not an image', () => [Buffer.from('not an image at all'), session.cookie], 400, 200, UPLOAD_NOT_AN_IMAGE_MESSAGE],
  ])('%s', async (_name, given, restStatus, graphqlStatus, message) => {
    const before = storedUploads(session.app);
    const [bytes, cookie, options] = given();
    const rest = await upload('rest', bytes, cookie, options);
    const graphql = await upload('graphql', bytes, cookie, options);
    expect(refusal(rest)).toEqual([restStatus, message]);
    expect(refusal(graphql)).toEqual([graphqlStatus, message]);
    expect(storedUploads(session.app)).toEqual(before);
  });

  it('says the limit that it applies', () => {
    expect(UPLOAD_TOO_LARGE_MESSAGE).toBe(`Maximum file size is ${UPLOAD_MAX_BYTES / (1024 * 1024)}MB`);
  });
});

describe('the upload rule is the admin rule', () => {
  it('refuses a session whose account is gone on both paths, as every other admin operation does', async () => {
    const em = session.app.orm.em.fork();
    await createUser(em, COMMAND_LINE, { username: 'leaving', password: 'a long enough password' });
    const cookie = await session.app.login('leaving', 'a long enough password');
    // The account goes while its session stays (removed outside the app, or mid-request).
    await em.getConnection().execute(`delete from users where username = 'leaving'`);
    const before = storedUploads(session.app);

    const admins = await fetch(`${session.app.baseUrl}/api/admin/admins`, { headers: { cookie } });
    expect(admins.status).toBe(401);
    expect(refusal(await upload('rest', PNG, cookie))).toEqual([401, 'Unauthorized']);
    expect(refusal(await upload('graphql', PNG, cookie))).toEqual([401, 'Unauthorized']);
    expect(storedUploads(session.app)).toEqual(before);
  });
});

describe('one home for the upload limit and its messages', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const sources = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));

  it('writes the messages and the size only in the model', () => {
    const literals = [/Maximum file size is/, /Please select an image file/, /10 \* 1024 \* 1024/];
    const found = [...sources('api/src'), ...sources('web/src'), ...sources('model/src')].flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return literals.filter((literal) => literal.test(text)).map((literal) => `${file}: ${literal.source}`);
    });
    expect(found).toEqual(['model/src/constants.ts: Maximum file size is', 'model/src/constants.ts: Please select an image file', 'model/src/constants.ts: 10 \\* 1024 \\* 1024']);
  });
});
