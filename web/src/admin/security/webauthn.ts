import { graphQLErrors, serverMessage } from '../errors';

// Passkeys in the browser: @simplewebauthn/browser, loaded the first time a passkey is used (it stays
// out of the login page's bundle). Tests replace the module with jest.unstable_mockModule.

export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (WebAuthn is there). */
export function browserHasWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * What to tell the person when a passkey step failed: the server's words when it answered, else what
 * the browser's refusal means (cancelled, already registered, not supported).
 */
export function passkeyFailure(error: unknown, fallback: string): string {
  if (graphQLErrors(error).length > 0) return serverMessage(error) ?? fallback;
  if (error instanceof Error) {
    const code = (error as Error & { code?: string }).code;
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError') {
      return 'This passkey is already registered to your account.';
    }
    if (error.name === 'NotAllowedError' || error.name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
      return 'The passkey request was cancelled or timed out.';
    }
    if (/not supported/i.test(error.message)) return 'This browser cannot use passkeys.';
  }
  return fallback;
}

/** The options the server made (a JSON string), for the browser. */
export function parseOptions<T>(json: string): T {
  return JSON.parse(json) as T;
}

/** A name for a new passkey from where it is made: "Chrome on macOS", "Safari on iPhone", ... */
export function passkeyNameFor(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /CrOS/.test(userAgent)
          ? 'ChromeOS'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'macOS'
            : /Windows/.test(userAgent)
              ? 'Windows'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'My passkey';
}
