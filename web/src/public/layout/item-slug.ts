import { RESERVED_SLUGS, SLUG_MAX_LENGTH, SLUG_PATTERN } from '@consulting/model';

/** Whether a page address's last part can be an item's slug (else the page is not found, without asking). */
export function isItemSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value) && !RESERVED_SLUGS.includes(value);
}
