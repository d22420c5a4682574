import http from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { pixelDistance } from '../helpers/fixtures/images.js';
import { graphqlClient, png } from '../helpers/graphql.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Uploads through the GraphQL multipart request: stored re-encoded, refused when not an image,
// too large, or announcing a huge body.

const session = signedInApp();
const { uploadImage } = graphqlClient(session);

describe('uploads', () => {
  it('stores real image bytes and serves them at the returned url', async () => {
    const result = await uploadImage(png, 'pixel.png', 'image/png', session.cookie);
    expect(result.errors).toBeUndefined();
    const { url } = (result.data as { uploadImage: { url: string } }).uploadImage;
    expect(url).toMatch(/^\/uploads\//);
    const served = await fetch(`${session.app.baseUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // Re-encoded by sharp: the same picture, not the same bytes.
    expect(await pixelDistance(Buffer.from(await served.arrayBuffer()), png)).toBe(0);
  });

  it('refuses a file that only claims to be an image, with the REST message', async () => {
    const fake = new TextEncoder().encode('<?php echo "not an image"; ?>');
    const result = await uploadImage(fake, 'photo.png', 'image/png', session.cookie);
    expect(result.data).toBeNull();
    expect(result.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.errors![0]!.message).toBe('Please select an image file');
  });

  it('refuses an upload announcing a huge body before reading it', async () => {
    const { port } = new URL(session.app.baseUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=nothing-follows',
          'content-length': String(500 * 1024 * 1024),
          'apollo-require-preflight': 'true',
          cookie: session.cookie,
        },
      });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it('refuses a file over 10 MB', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(png);
    const result = await uploadImage(big, 'big.png', 'image/png', session.cookie);
    expect(result.errors![0]!.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(result.errors![0]!.message).toBe('Maximum file size is 10MB');
  });
});
