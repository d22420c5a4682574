import type { EntityManager } from '@mikro-orm/postgresql';
import { siteSettings } from '@consulting/model';

// The firm's time zone has one source: the site settings' Time Zone (the Site screen). Scheduled
// times are shown and entered in it, and the public pages' dates fall on its days. TIME_ZONE only
// seeds it on a database's first start (seeds/first-start.ts), and stands in while there is no
// settings record yet.

/** The firm's IANA time zone now: the settings', else `fallback` (TIME_ZONE). */
export async function firmTimeZone(em: EntityManager, fallback: string): Promise<string> {
  const rows = await em.getConnection().execute<{ time_zone: string | null }[]>(`select time_zone from "${siteSettings.table}" order by id limit 1`);
  return rows[0]?.time_zone || fallback;
}
