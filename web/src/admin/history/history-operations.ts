import { parse } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';

// The History panel's page query. One more entry than shown is asked for, so the panel knows
// whether older ones exist without counting them.

/** Entries shown per page. */
export const HISTORY_PAGE = 20;

export interface HistoryEntry {
  id: number;
  action: string;
  username: string | null;
  at: string;
  changed: string[];
  /** The whole record before and after the change, as JSON (null for a create's before, a delete's after). */
  before?: string | null;
  after?: string | null;
}

export const contentHistoryDocument = parse(
  `query AdminContentHistory($collection: String!, $id: Int!, $offset: Int) {
    contentHistory(collection: $collection, id: $id, limit: ${HISTORY_PAGE + 1}, offset: $offset) { id action username at changed before after }
  }`,
) as TypedDocumentNode<{ contentHistory: HistoryEntry[] }, { collection: string; id: number; offset?: number }>;
