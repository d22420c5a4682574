import { NEW_TAB } from '../../components/ExternalLink';

export interface ContactLink {
  href: string;
  target?: string;
  rel?: string;
}

/**
 * How a contact entry is linked on the public site: email -> mailto, phone -> tel with whitespace
 * removed, website -> new tab; any other type is plain text (null).
 */
export function contactLinkFor(type: string, value: string): ContactLink | null {
  switch (type.trim().toLowerCase()) {
    case 'email':
      return { href: `mailto:${value.trim()}` };
    case 'phone':
      return { href: `tel:${value.replace(/\s+/g, '')}` };
    case 'website':
      return { href: /^https?:\/\//i.test(value.trim()) ? value.trim() : `https://${value.trim()}`, ...NEW_TAB };
    default:
      return null;
  }
}

/** The label shown above a contact value: its own label, or its type when it has none. */
export function contactLabelFor(label: string | null | undefined, type: string): string {
  return label && label.trim() !== '' ? label : type;
}
