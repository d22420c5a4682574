import type { EntityManager } from '@mikro-orm/postgresql';
import { documentKey, richTextFromPlainText, SLUG_PATTERN, SLUG_MAX_LENGTH, type ContentType, type RichTextDocument } from '@consulting/model';
import type { CollectionDefinition } from '../registry.js';
import { noteRecordRead, noteTypeRead } from '../../edge/edge-tags.js';

// Reads of items with pages of their own (`/news/<slug>`): one by its slug, and its neighbours in
// the public list's order (display order, then id), for the page's previous and next links.

type Row = Record<string, unknown> & { id: number; displayOrder: number };

/** The published record with this slug, or null (a malformed slug is looked up nowhere). */
export async function findBySlug(em: EntityManager, definition: CollectionDefinition, slug: string): Promise<object | null> {
  const found = slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug) ? null : await em.findOne(definition.entity, { slug } as never);
  // A public read's cache tags (edge/edge-tags.ts): the record; none found: whether one will depends on the type.
  noteRecordRead(em, definition.path, found);
  return found;
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
  // A public read's cache tags (edge/edge-tags.ts): a neighbour depends on the order of the type's records.
  noteTypeRead(em, definition.path, found ? [found] : []);
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
