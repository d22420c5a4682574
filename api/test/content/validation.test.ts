import { describe, expect, it } from '@jest/globals';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

const session = signedInApp();

const create = (path: string, json: unknown) => request(session.app.baseUrl, 'POST', `/api/admin/${path}`, { json, cookie: session.cookie });

/** Expects 400 `{message: 'Validation failed', errors}` with exactly this error for the field. */
async function expectFieldError(path: string, json: unknown, field: string, message: string) {
  const reply = await create(path, json);
  expect(reply.status).toBe(400);
  expect(reply.body.message).toBe('Validation failed');
  expect(reply.body.errors).toContainEqual({ field, message });
}

describe('required text', () => {
  it.each([undefined, null, '', '   '])('rejects a missing or blank name (%p)', async (name) => {
    await expectFieldError('countries', { ...validInput.countries, name }, 'name', 'Name is required');
  });

  it('lists every failing field at once', async () => {
    const reply = await create('countries', {});
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'code', message: 'Code is required' },
      { field: 'flagImageUrl', message: 'Flag image URL is required' },
    ]);
  });

  it('stores text trimmed', async () => {
    const reply = await create('countries', { ...validInput.countries, name: '  Portugal  ' });
    expect(reply.body.name).toBe('Portugal');
  });

  it('rejects a value that is not text', async () => {
    await expectFieldError('countries', { ...validInput.countries, name: 42 }, 'name', 'Name must be text');
    await expectFieldError('countries', { ...validInput.countries, name: ['a'] }, 'name', 'Name must be text');
  });

  it('caps the length', async () => {
    await expectFieldError('countries', { ...validInput.countries, name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters');
    expect((await create('countries', { ...validInput.countries, name: 'x'.repeat(100) })).status).toBe(201);
  });

  it.each(['Lis\u0000bon', 'Lis\u0007bon', 'Lis\u001bbon'])('refuses control characters such as NUL, which PostgreSQL cannot store (%j)', async (name) => {
    await expectFieldError('countries', { ...validInput.countries, name }, 'name', 'Name contains characters that are not allowed');
  });

  it('keeps tabs and line breaks in multi-line text', async () => {
    const reply = await create('brands', { ...validInput.brands, description: 'Line one\n\tLine two' });
    expect(reply.status).toBe(201);
    expect(reply.body.description).toBe('Line one\n\tLine two');
  });

  it('requires news brief (required in news, optional elsewhere)', async () => {
    await expectFieldError('news', { ...validInput.news, brief: ' ' }, 'brief', 'Brief is required');
  });
});

describe('optional text', () => {
  it.each(['', null, '  '])('stores %p as null', async (brief) => {
    const reply = await create('team-members', { ...validInput['team-members'], brief });
    expect(reply.status).toBe(201);
    expect(reply.body.brief).toBeNull();
  });

  it('stores null when absent', async () => {
    const { country: _omitted, ...rest } = validInput.clients;
    expect((await create('clients', rest)).body.country).toBeNull();
  });
});

describe('whole numbers', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    [-3, -3],
  ])('coerces display order %p to %p', async (displayOrder, stored) => {
    const reply = await create('countries', { ...validInput.countries, displayOrder });
    expect(reply.status).toBe(201);
    expect(reply.body.displayOrder).toBe(stored);
  });

  it.each([1.5, 'abc', '1e3', '2.0', true, {}, [1]])('rejects display order %p', async (displayOrder) => {
    await expectFieldError('countries', { ...validInput.countries, displayOrder }, 'displayOrder', 'Display order must be a whole number');
  });

  it('bounds display order', async () => {
    await expectFieldError('countries', { ...validInput.countries, displayOrder: 1_000_001 }, 'displayOrder', 'Display order must be at most 1000000');
  });

  it('treats an empty display order as the default', async () => {
    expect((await create('countries', { ...validInput.countries, displayOrder: '' })).body.displayOrder).toBe(0);
  });
});

describe('featured', () => {
  it.each(['yes', 1, 'true'])('rejects %p', async (featured) => {
    await expectFieldError('news', { ...validInput.news, featured }, 'featured', 'Featured must be true or false');
  });

  it('accepts false', async () => {
    expect((await create('clients', { ...validInput.clients, featured: false })).body.featured).toBe(false);
  });
});

describe('addresses', () => {
  it.each(['https://example.com/a.png', 'http://example.com/a.png', '/uploads/abc-123.png'])('accepts image %p', async (pictureUrl) => {
    expect((await create('team-members', { ...validInput['team-members'], pictureUrl })).status).toBe(201);
  });

  it.each(['javascript:alert(1)', 'ftp://example.com/a.png', '/etc/passwd', '//evil.example.com/a.png', 'picture.png', '/uploads/../secrets.json', 'https://'])(
    'rejects image %p',
    async (pictureUrl) => {
      await expectFieldError(
        'team-members',
        { ...validInput['team-members'], pictureUrl },
        'pictureUrl',
        'Picture URL must be an uploaded image or a web address starting with http:// or https://',
      );
    },
  );

  it('takes only web addresses for links', async () => {
    await expectFieldError('brands', { ...validInput.brands, websiteUrl: '/uploads/x.png' }, 'websiteUrl', 'Website URL must be a web address starting with http:// or https://');
    await expectFieldError('news', { ...validInput.news, link: 'javascript:alert(1)' }, 'link', 'Link must be a web address starting with http:// or https://');
  });

  it('caps address length', async () => {
    await expectFieldError('news', { ...validInput.news, link: `https://example.com/${'a'.repeat(2048)}` }, 'link', 'Link must be at most 2048 characters');
  });

  it('accepts an empty optional link as null', async () => {
    expect((await create('news', { ...validInput.news, link: '' })).body.link).toBeNull();
  });
});

describe('contact icon', () => {
  it.each(['Mail', 'Phone', 'MapPin', 'Globe'])('accepts %s', async (icon) => {
    expect((await create('contact-info', { ...validInput['contact-info'], icon })).body.icon).toBe(icon);
  });

  it('rejects anything else', async () => {
    await expectFieldError('contact-info', { ...validInput['contact-info'], icon: 'Skull' }, 'icon', 'Icon must be one of Mail, Phone, MapPin, Globe');
  });
});

describe('request bodies', () => {
  it('rejects a body that is not an object', async () => {
    for (const json of [[1, 2], 'text', 42]) {
      const reply = await create('countries', json);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toEqual(expect.any(String));
    }
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const reply = await request(session.app.baseUrl, 'POST', '/api/admin/countries', {
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
      cookie: session.cookie,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Malformed JSON in the request body' });
  });

  it('answers an oversized body with 413', async () => {
    const reply = await create('countries', { ...validInput.countries, name: 'x'.repeat(1024 * 1024 + 10) });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ message: 'Request body is too large' });
  });

  it('answers a body without JSON content type with 400, not 500', async () => {
    const reply = await request(session.app.baseUrl, 'POST', '/api/admin/countries', { body: 'name=x', cookie: session.cookie, headers: { 'content-type': 'text/plain' } });
    expect(reply.status).toBe(400);
  });

  it('answers a malformed %-escape in the path with 400, not 500', async () => {
    for (const [method, path] of [['GET', '/api/countries/%ZZ'], ['PUT', '/api/admin/countries/%E0%A4%A']] as const) {
      const reply = await request(session.app.baseUrl, method, path, { cookie: session.cookie, ...(method === 'PUT' && { json: validInput.countries }) });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message: 'Bad request' });
    }
  });

  it('answers a path no route claims with a JSON 404', async () => {
    for (const [method, path] of [['POST', '/somewhere'], ['GET', '/uploads/']] as const) {
      const reply = await request(session.app.baseUrl, method, path, { cookie: session.cookie });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: 'Not found' });
    }
  });
});
