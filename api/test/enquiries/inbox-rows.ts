import type { MikroORM } from '@mikro-orm/postgresql';

// Enquiries written straight into the table for the inbox tests (the public form's own rules are
// the intake tests'): each with a time of its own, so the order is known.

export interface EnquiryRow {
  name: string;
  email: string;
  organisation?: string | null;
  service?: string;
  message: string;
  consentText?: string;
  createdAt: string;
  handledAt?: string | null;
  handledBy?: string | null;
  deletedAt?: string | null;
}

/** Inserts the rows; returns their ids in the same order. */
export async function insertEnquiries(orm: MikroORM, rows: readonly EnquiryRow[]): Promise<number[]> {
  const connection = orm.em.fork().getConnection();
  const ids: number[] = [];
  for (const row of rows) {
    const [inserted] = await connection.execute<{ id: number }[]>(
      `insert into enquiries (created_at, name, email, organisation, service, message, consent_text, client_hash, handled_at, handled_by, deleted_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        row.createdAt,
        row.name,
        row.email,
        row.organisation ?? null,
        row.service ?? 'strategic-planning',
        row.message,
        row.consentText ?? 'We use your details only to answer your message.',
        'client-hash-that-must-never-be-shown',
        row.handledAt ?? null,
        row.handledBy ?? null,
        row.deletedAt ?? null,
      ],
    );
    ids.push(inserted.id);
  }
  return ids;
}

// Recent (20 days ago, on the hour): the app's retention job, which runs as it starts, leaves them be.
const BASE = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 20 * 24 * 3_600_000;

/** 20 days ago plus `i` hours, as ISO text. */
export const hour = (i: number) => new Date(BASE + i * 3_600_000).toISOString();
