// Rules for what goes into a mail header, shared by the enquiry mail and the worker: a header
// value is one line (a CR or LF in it could start a header of the visitor's choosing, e.g. a Bcc),
// and an address put into a header is a plain address or nothing.

/** Line breaks (CR, LF, NEL, Unicode line and paragraph separators) and other control characters. */
const BREAKS = /[\r\n\u0085\u2028\u2029]+/g;
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** The text on one line: each run of line breaks becomes a space, other control characters go. */
export function singleLine(text: string): string {
  return text.replace(BREAKS, ' ').replace(CONTROLS, '').replace(/\s+/g, ' ').trim();
}

/** A plain address (`local@domain.tld`): nothing a header could be split or extended with. */
const PLAIN_ADDRESS = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/;

/** The address when it is a plain one, else null (then it goes into no header). */
export function plainAddress(text: string): string | null {
  const address = text.trim();
  return address.length <= 254 && PLAIN_ADDRESS.test(address) ? address : null;
}
