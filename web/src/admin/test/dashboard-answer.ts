import type { Answer } from './render-admin';

// The dashboard's answer in tests: recent changes and each collection's count (none unless given).

export function dashboardAnswer(recentChanges: object[] = [], counts: Record<string, number> = {}): Answer {
  return {
    data: {
      recentChanges: recentChanges.map((change) => ({ __typename: 'ContentHistoryEntry', ...change })),
      collectionCounts: Object.entries(counts).map(([collection, count]) => ({ __typename: 'CollectionCount', collection, count })),
    },
  };
}
