import { describe, expect, it } from '@jest/globals';
import { contactLabelFor, contactLinkFor } from './contact-link';

describe('contact links', () => {
  it('links an email with mailto', () => {
    expect(contactLinkFor('email', 'hello@consulting.example')).toEqual({ href: 'mailto:hello@consulting.example' });
  });

  it('links a phone with tel, whitespace removed', () => {
    expect(contactLinkFor('phone', '+1 555 01 00')).toEqual({ href: 'tel:+15550100' });
  });

  it('opens a website in a new tab', () => {
    expect(contactLinkFor('website', 'https://www.example.com')).toEqual({
      href: 'https://www.example.com',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('treats the type case-insensitively', () => {
    expect(contactLinkFor('Email', 'a@b.example')?.href).toBe('mailto:a@b.example');
  });

  it('leaves other types as plain text', () => {
    expect(contactLinkFor('address', '12 Example Street')).toBeNull();
    expect(contactLinkFor('fax', '+1 555')).toBeNull();
  });

  it('labels an entry by its label, falling back to its type', () => {
    expect(contactLabelFor('Head office', 'address')).toBe('Head office');
    expect(contactLabelFor(null, 'address')).toBe('address');
    expect(contactLabelFor('', 'phone')).toBe('phone');
  });
});
