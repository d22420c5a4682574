import { useQuery } from '@apollo/client/react';
import { siteTimeZoneDocument } from './publication-operations';

/**
 * The firm's time zone (the API's TIME_ZONE setting), in which scheduled times are chosen and
 * shown; null until it is known. Asked once per visit.
 */
export function useSiteTimeZone(): { timeZone: string | null; failed: boolean } {
  const { data, error } = useQuery(siteTimeZoneDocument, { fetchPolicy: 'cache-first' });
  return { timeZone: data?.siteTimeZone ?? null, failed: !!error && !data };
}
