import northwindAnalyticsLogo from '../../assets/brands/northwind-analytics.svg';
import meridianPublicAdvisoryLogo from '../../assets/brands/meridian-public-advisory.svg';

/**
 * The two sister brands whose logos ship with the app (matched by name, case-insensitively);
 * every other brand shows the logo stored with it.
 */
const BUNDLED_LOGOS: Record<string, string> = {
  'northwind analytics': northwindAnalyticsLogo,
  'meridian public advisory': meridianPublicAdvisoryLogo,
};

export function brandLogoFor(brand: { name: string; logoUrl: string }): string {
  return BUNDLED_LOGOS[brand.name.trim().toLowerCase()] ?? brand.logoUrl;
}
