import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_FIRM_NAME, siteSettings } from '@consulting/model';

/**
 * The firm's name as the site settings have it (the Site screen), else DEFAULT_FIRM_NAME: what
 * authenticator apps and passkey prompts show the account under (TOTP issuer, WebAuthn rpName).
 */
export async function firmName(em: EntityManager): Promise<string> {
  const rows = await em.getConnection().execute<{ firm_name: string | null }[]>(`select firm_name from "${siteSettings.table}" order by id limit 1`);
  return rows[0]?.firm_name?.trim() || DEFAULT_FIRM_NAME;
}
