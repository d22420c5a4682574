// Readers of the environment's settings for config.ts: each trims, refuses a malformed value with
// a message naming the variable, and falls back when the variable is unset or empty.

export type Env = Record<string, string | undefined>;

/** An absolute http(s) URL, path kept (unlike origin()). */
export function httpUrl(env: Env, name: string): string | null {
  const url = parseHttpUrl(env, name);
  if (url === null) return null;
  if (url.search || url.hash) throw new Error(`${name} must not have a query or fragment, got "${env[name]!.trim()}"`);
  return url.href;
}

/** An absolute http(s) URL setting, parsed; null when unset. */
export function parseHttpUrl(env: Env, name: string): URL | null {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return url;
}

export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function integer(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return Number(raw);
}

export function positive(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

export function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

/** A comma-separated list of origins. */
export function origins(env: Env, name: string): string[] {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => origin({ [name]: item }, name)!);
}

export function origin(env: Env, name: string): string | null {
  return parseHttpUrl(env, name)?.origin ?? null;
}

/** An IANA time zone name, as the platform's Intl knows it (its canonical spelling); an unknown one is refused. */
export function timeZone(env: Env, name: string, fallback: string): string {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`${name} must be an IANA time zone name (e.g. Europe/Berlin), got "${raw}"`);
  }
}
