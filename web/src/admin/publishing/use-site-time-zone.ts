import { useQuery } from '@apollo/client/react';
import { siteTimeZoneDocument } from './publication-operations';

/**
 * The firm's time zone (the Site screen's Time Zone), in which scheduled times are chosen and
 * shown; null until it is known. Shown from the cache at once and asked again on each screen that
 * uses it, so a change on the Site screen shows on the next screen.
 */
export function useSiteTimeZone(): { timeZone: string | null; failed: boolean } {
  const { data, error } = useQuery(siteTimeZoneDocument, { fetchPolicy: 'cache-and-network' });
  return { timeZone: data?.siteTimeZone ?? null, failed: !!error && !data };
}
