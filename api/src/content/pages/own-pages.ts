import type { EntityManager } from '@mikro-orm/postgresql';
import { documentKey, richTextFromPlainText, SLUG_PATTERN, SLUG_MAX_LENGTH, type ContentType, type RichTextDocument } from '@consulting/model';
import type { CollectionDefinition } from '../registry.js';

// Reads of items with pages of their own (`/news/<slug>`): one by its slug, and its neighbours in
// the public list's order (display order, then id), for the page's previous and next links.

type Row = Record<string, unknown> & { id: number; displayOrder: number };

/** The published record with this slug, or null (a malformed slug is looked up nowhere). */
export function findBySlug(em: EntityManager, definition: CollectionDefinition, slug: string): Promise<object | null> {
  if (slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) return Promise.resolve(null);
  return em.findOne(definition.entity, { slug } as never);
}

/** The record before (`previous`) or after (`next`) this one in the public list, or null at an end. */
export async function neighbourOf(em: EntityManager, definition: CollectionDefinition, record: Row, direction: 'previous' | 'next'): Promise<object | null> {
  const before = direction === 'previous';
  const op = before ? '$lt' : '$gt';
  const [found] = await em.find(
    definition.entity,
    { $or: [{ displayOrder: { [op]: record.displayOrder } }, { displayOrder: record.displayOrder, id: { [op]: record.id } }] } as never,
    { orderBy: { displayOrder: before ? 'desc' : 'asc', id: before ? 'desc' : 'asc' } as never, limit: 1 },
  );
  return found ?? null;
}

/** The rich fields of a type: each field's name (its plain text) and its document's. */
export function richFieldsOf(type: ContentType): { key: string; document: string; label: string }[] {
  return Object.entries(type.fields)
    .filter(([, field]) => field.kind === 'richText')
    .map(([key, field]) => ({ key, document: documentKey(key), label: field.label }));
}

/** A record's document of a rich field: as stored, else made from its plain text (a row written without one). */
export function documentOf(record: Record<string, unknown>, field: { key: string; document: string }): RichTextDocument | null {
  const stored = record[field.document];
  if (stored && typeof stored === 'object') return stored as RichTextDocument;
  const text = record[field.key];
  return typeof text === 'string' ? richTextFromPlainText(text) : null;
}
