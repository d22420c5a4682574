import { useQuery } from '@apollo/client/react';
import { siteTimeZoneDocument } from './publication-operations';

/**
 * The firm's time zone (the Site screen's Time Zone), in which scheduled times are chosen and
 * shown; null until it is known. Asked once per visit: a change on the Site screen shows in the
 * scheduling forms after a reload.
 */
export function useSiteTimeZone(): { timeZone: string | null; failed: boolean } {
  const { data, error } = useQuery(siteTimeZoneDocument, { fetchPolicy: 'cache-first' });
  return { timeZone: data?.siteTimeZone ?? null, failed: !!error && !data };
}
