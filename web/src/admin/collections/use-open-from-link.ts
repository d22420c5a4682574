import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useApolloClient } from '@apollo/client/react';
import { useAdminFailures } from '../auth/session-expiry';
import { publicationDocument } from '../publishing/publication-operations';
import type { CollectionDefinition } from './collection-definition';

/** The search param of a link that opens one record's dialog: /admin/news?open=12 (the dashboard's). */
export const OPEN_PARAM = 'open';

/**
 * Opens the record a link names (`?open=<id>`) in the screen's dialog, then drops the param: the
 * published record with its draft, or an item not on the site from its draft alone.
 */
export function useOpenFromLink<Row extends { id: number; version?: number }>(definition: CollectionDefinition<Row>, openEdit: (row: Row) => void) {
  const [params, setParams] = useSearchParams();
  const client = useApolloClient();
  const failures = useAdminFailures();
  const { operations } = definition;
  const id = Number(params.get(OPEN_PARAM));

  useEffect(() => {
    if (!Number.isInteger(id) || id < 1) return;
    let current = true;
    void (async () => {
      try {
        const live = await client.query({ query: operations.item, variables: { id }, fetchPolicy: 'network-only' }).catch(() => null);
        const row = live?.data?.[operations.itemField];
        if (row) {
          if (current) openEdit(row);
        } else {
          const { data } = await client.query({ query: publicationDocument, variables: { collection: operations.collection, id }, fetchPolicy: 'network-only' });
          const publication = data?.publication;
          if (current && publication) openEdit({ ...(publication.values ?? {}), id, publication } as unknown as Row);
        }
      } catch (error) {
        failures.report(error, `Failed to open the ${definition.noun}`);
      }
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          next.delete(OPEN_PARAM);
          return next;
        },
        { replace: true },
      );
    })();
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per id in the link
  }, [id]);
}
