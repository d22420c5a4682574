import Bowser from 'bowser';

// Names for "Where you are signed in", from a session's User-Agent (bowser): "Chrome 131" on
// "iOS 18". Versions the browsers no longer report truthfully are left out: Chrome, Safari and
// Firefox on a Mac all say macOS 10.15 whatever it is, Windows 11 says Windows NT 10.0 like
// Windows 10, and Chrome on Android says "Android 10; K" on every version.

export interface BrowserNames {
  /** "Chrome 131"; "Unknown browser". */
  browser: string;
  /** "iOS 18", "macOS", "Windows"; "Unknown system". */
  system: string;
  /** "Chrome on macOS": names without versions, for the activity log. */
  short: string;
}

const UNKNOWN_BROWSER = 'Unknown browser';
const UNKNOWN_SYSTEM = 'Unknown system';
/** A name from an odd User-Agent can be any text: at most this long, printable only. */
const MAX_NAME_LENGTH = 40;

/** Printable characters only (no controls, no bidi overrides), spaces collapsed, cut short. */
function clean(text: string | undefined): string {
  const printable = (text ?? '').replace(/[\p{C}]/gu, '').replace(/\s+/g, ' ').trim();
  return printable.length > MAX_NAME_LENGTH ? `${printable.slice(0, MAX_NAME_LENGTH - 1).trimEnd()}…` : printable;
}

const major = (version: string | undefined) => /^\d+/.exec(version ?? '')?.[0] ?? '';

function systemVersion(name: string, version: string, versionName: string, userAgent: string): string {
  if (name === 'macOS') {
    // 10.15(.7) is what every current Mac browser says; older Macs said their own.
    if (/^10\.15(\.|$)/.test(version)) return '';
    return /^10\.\d+/.exec(version)?.[0] ?? major(version);
  }
  if (name === 'Windows') return version === 'NT 10.0' ? '' : versionName;
  if (name === 'Android' && /Android 10; K\)/.test(userAgent)) return '';
  return major(version);
}

/** The browser and system a User-Agent names. */
export function browserNames(userAgent: string | null | undefined): BrowserNames {
  let parsed: Bowser.Parser.ParsedResult | null = null;
  if (userAgent && userAgent.trim()) {
    try {
      parsed = Bowser.parse(userAgent);
    } catch {
      parsed = null;
    }
  }
  const browserName = clean(parsed?.browser.name);
  const osName = clean(parsed?.os.name);
  const browserVersion = major(parsed?.browser.version);
  const osVersion = clean(systemVersion(osName, parsed?.os.version ?? '', parsed?.os.versionName ?? '', userAgent ?? ''));
  const browser = browserName ? [browserName, browserVersion].filter(Boolean).join(' ') : UNKNOWN_BROWSER;
  const system = osName ? [osName, osVersion].filter(Boolean).join(' ') : UNKNOWN_SYSTEM;
  const short = browserName && osName ? `${browserName} on ${osName}` : browserName || osName || 'an unknown browser';
  return { browser, system, short };
}
