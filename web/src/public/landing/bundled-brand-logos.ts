import meridianDigitalLogo from '../../assets/brands/meridian-digital.svg';
import meridianInstituteLogo from '../../assets/brands/meridian-institute.svg';

/**
 * The two sister brands whose logos ship with the app (matched by name, case-insensitively);
 * every other brand shows the logo stored with it.
 */
const BUNDLED_LOGOS: Record<string, string> = {
  'meridian digital': meridianDigitalLogo,
  'meridian institute': meridianInstituteLogo,
};

export function brandLogoFor(brand: { name: string; logoUrl: string }): string {
  return BUNDLED_LOGOS[brand.name.trim().toLowerCase()] ?? brand.logoUrl;
}
