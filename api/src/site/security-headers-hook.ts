import type { ServerResponse } from 'node:http';

// PLACEHOLDER for the lead to wire at merge: the security headers (helmet, CSP) belong to the
// security module, mounted early in app.ts. Public cache hits are answered before that middleware
// (fast-path.ts), so they call this one function to get the same headers as every other response.
// Wire it to the security module's per-response header step (e.g. `applySecurityHeaders(res, kind)`),
// or mount the fast path after the security middleware and leave this a no-op.

/** What kind of response the headers are for: a public HTML page, or an API (JSON) answer. */
export type ResponseKind = 'page' | 'api';

export function applySecurityHeaders(_res: ServerResponse, _kind: ResponseKind): void {
  // Intentionally empty until the security module is merged (see above).
}
