import { UPLOADS_ROOT } from '@consulting/model';

// Where each area of the app lives: the roots the route table's rows (http/route-table.ts) are
// written under, named once. A service that must write a URL of the app (an upload's address, the
// paths robots.txt keeps crawlers out of) takes it from here.

export { UPLOADS_ROOT };

/** The REST API, and its part for signed-in administrators (closed by default: 401 before 404). */
export const API_ROOT = '/api';
export const ADMIN_API_ROOT = `${API_ROOT}/admin`;

/** The GraphQL endpoint. */
export const GRAPHQL_PATH = '/graphql';

/** The admin panel (pages rendered in the browser), and the web app's fingerprinted files. */
export const ADMIN_PANEL_ROOT = '/admin';
export const ASSETS_ROOT = '/assets';

/** Previews of unpublished content (signed in, or with a share link): never a page of the site. */
export const PREVIEW_ROOT = '/preview';

/** Liveness and readiness, for load balancers and orchestrators. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** Prometheus metrics on the main port, behind METRICS_TOKEN (ops/metrics.ts); 404 without one. */
export const METRICS_PATH = '/metrics';
