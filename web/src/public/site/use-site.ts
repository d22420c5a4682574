import { PublicSiteDocument } from '../../graphql/generated/graphql';
import { usePublicQuery } from '../page-data/public-data';
import { siteFrom, type Site } from './site';

/**
 * The firm's identity (name, logos, footer, address, social links, locale). The layout asks for it
 * with every page; the server renderer answers it with the page's own query and embeds the answer,
 * so hydration and later navigation read it without a request. Until answered: neutral defaults.
 */
export function useSite(): Site {
  return siteFrom(usePublicQuery(PublicSiteDocument).data);
}
