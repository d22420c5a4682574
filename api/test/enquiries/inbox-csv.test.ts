import { describe, expect, it } from '@jest/globals';
import { EXPORT_BATCH } from '../../src/enquiries/inbox.service.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { hour, insertEnquiries } from './inbox-rows.js';

// GET /api/enquiries.csv: every enquiry the inbox filter selects (deleted ones never), newest
// first, streamed in batches; cells a spreadsheet would run as a formula are neutralised.

const session = signedInApp();
const sql = (query: string, params: unknown[] = []) => session.app.orm.em.fork().getConnection().execute(query, params);

const csv = (query: Record<string, string> = {}) =>
  fetch(`${session.app.baseUrl}/api/enquiries.csv?${new URLSearchParams(query)}`, { headers: { cookie: session.cookie } });
const linesOf = async (response: Response) => (await response.text()).split('\r\n');
const HEADER = '"id","receivedAt","name","email","organisation","service","message","handledAt","handledBy","consentText"';
const CONSENT = 'We use your details only to answer your message.';

describe('GET /api/enquiries.csv', () => {
  let ids: number[] = [];

  it('downloads every enquiry, newest first, as an attachment named by the day, deleted ones left out', async () => {
    ids = await insertEnquiries(session.app.orm, [
      { name: 'Ann Example', email: 'ann@example.com', organisation: 'Example Ltd', message: 'Hello there.', createdAt: hour(0), service: 'public-reform' },
      { name: 'Bob Example', email: 'bob@example.com', message: 'Second, handled.', createdAt: hour(1), handledAt: hour(2), handledBy: 'admin' },
      { name: 'Dee Deleted', email: 'dee@example.com', message: 'Deleted.', createdAt: hour(2), deletedAt: hour(3) },
    ]);
    const response = await csv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="enquiries-${day}.csv"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A UTF-8 byte order mark first (spreadsheets then read the names right); decoding drops it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split('\r\n')).toEqual([
      HEADER,
      `"${ids[1]}","${hour(1)}","Bob Example","bob@example.com","","Strategic Planning and Development","Second, handled.","${hour(2)}","admin","${CONSENT}"`,
      `"${ids[0]}","${hour(0)}","Ann Example","ann@example.com","Example Ltd","Public Reform and Institutional Development","Hello there.","","","${CONSENT}"`,
      '',
    ]);
    expect(new TextDecoder().decode(bytes)).not.toContain('client-hash');
  });

  it('takes the inbox filter: status and search', async () => {
    expect((await linesOf(await csv({ status: 'UNREAD' }))).slice(1, -1).map((line) => line.split(',')[2])).toEqual(['"Ann Example"']);
    expect((await linesOf(await csv({ status: 'handled' }))).slice(1, -1).map((line) => line.split(',')[2])).toEqual(['"Bob Example"']);
    expect((await linesOf(await csv({ search: 'EXAMPLE LTD' }))).slice(1, -1).map((line) => line.split(',')[2])).toEqual(['"Ann Example"']);
    expect(await linesOf(await csv({ search: 'nobody at all' }))).toEqual([HEADER, '']);
  });

  it('neutralises cells a spreadsheet would read as a formula (= + - @ tab CR) and keeps quotes and line breaks inside a cell', async () => {
    const [id] = await insertEnquiries(session.app.orm, [
      {
        name: '=HYPERLINK("http://127.0.0.1/x","click")',
        email: '@SUM(1+1)@example.com',
        organisation: '+cmd|/C calc!A0',
        message: '-2+3 said "hi"\r\nsecond line, with a comma',
        createdAt: hour(5),
      },
      { name: '\tTabbed', email: 'tab@example.com', organisation: '\rReturned', message: 'plain', createdAt: hour(4) },
    ]);
    const text = await (await csv()).text();
    expect(text).toContain(
      `"${id}","${hour(5)}","'=HYPERLINK(""http://127.0.0.1/x"",""click"")","'@SUM(1+1)@example.com","'+cmd|/C calc!A0","Strategic Planning and Development","'-2+3 said ""hi""\r\nsecond line, with a comma","","","${CONSENT}"\r\n`,
    );
    expect(text).toContain(`"'\tTabbed","tab@example.com","'\rReturned","Strategic Planning and Development","plain"`);
    // No cell opens with a formula character.
    expect(text).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
  });

  it('refuses a bad filter before the file begins (400 JSON with the field)', async () => {
    for (const [query, field] of [
      [{ status: 'spam' }, 'status'],
      [{ search: 'x'.repeat(101) }, 'search'],
    ] as const) {
      const response = await csv(query);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-disposition')).toBeNull();
      expect(((await response.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([field]);
    }
    const twice = await fetch(`${session.app.baseUrl}/api/enquiries.csv?status=ALL&status=UNREAD`, { headers: { cookie: session.cookie } });
    expect(twice.status).toBe(400);
  });

  it('exports more enquiries than one batch, each once, newest first, ties in time broken by id', async () => {
    await sql(`delete from enquiries`);
    const count = EXPORT_BATCH * 2 + 345;
    // Seven share each minute: the batches' keyset must neither skip nor repeat them.
    await sql(
      `insert into enquiries (created_at, name, email, service, message, consent_text, client_hash, deleted_at)
       select date_trunc('hour', now()) - interval '10 days' + make_interval(mins => i / 7), 'Bulk ' || i, 'bulk' || i || '@example.com', 'other', 'bulk', 'yes', 'h',
              case when i % 100 = 0 then now() else null end
       from generate_series(1, ?) as i`,
      [count],
    );
    const lines = (await linesOf(await csv())).slice(1, -1);
    const numbers = lines.map((line) => Number(/"Bulk (\d+)"/.exec(line)![1]));
    const expected = Array.from({ length: count }, (_, i) => count - i).filter((i) => i % 100 !== 0);
    expect(numbers).toEqual(expected);
  });
});
