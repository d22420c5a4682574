// Requests counted by route class, method and status, and timed by route class, for /metrics.
// Public cache hits are answered before Express in microseconds, so counting them must cost
// next to nothing: a request adds to numbers in preallocated arrays (no label objects, no
// strings, no hashing); the registry reads the arrays when scraped (ops/metrics.ts). Which
// request is which class is transport's business (http/route-class.ts, http/request-metrics.ts).

/** The route classes requests are counted under: a handful, never a path (a label per path would be unbounded). */
export const ROUTE_CLASSES = ['page', 'read', 'api', 'graphql', 'admin', 'asset', 'upload', 'other'] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'other'] as const;
const OTHER_METHOD = METHODS.length - 1;
/** Statuses 0..599 (transport counts a response closed before it was ended as 499: the client went away). */
const STATUSES = 600;

/** Duration buckets in seconds: a hit takes well under a millisecond, a render tens of them. */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

function methodIndex(method: string | undefined): number {
  switch (method) {
    case 'GET':
      return 0;
    case 'HEAD':
      return 1;
    case 'POST':
      return 2;
    case 'PUT':
      return 3;
    case 'DELETE':
      return 4;
    case 'PATCH':
      return 5;
    case 'OPTIONS':
      return 6;
    default:
      return OTHER_METHOD;
  }
}

export interface Sample {
  labels: Record<string, string | number>;
  value: number;
}

/** Running totals of the requests one app answered. */
export class RequestMetrics {
  /** [class][method][status] → requests. */
  readonly #counts = new Float64Array(ROUTE_CLASSES.length * METHODS.length * STATUSES);
  /** [class][bucket] → requests in that bucket alone (cumulated when read); the last one is +Inf. */
  readonly #buckets = new Float64Array(ROUTE_CLASSES.length * (DURATION_BUCKETS.length + 1));
  readonly #sums = new Float64Array(ROUTE_CLASSES.length);
  readonly #totals = new Float64Array(ROUTE_CLASSES.length);

  /** One answered request; `ms`: from its arrival to its answer. */
  record(routeClass: number, method: string | undefined, status: number, ms: number): void {
    const statusSlot = status >= 0 && status < STATUSES ? status : 0;
    this.#counts[(routeClass * METHODS.length + methodIndex(method)) * STATUSES + statusSlot] += 1;
    const seconds = ms / 1000;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket++;
    this.#buckets[routeClass * (DURATION_BUCKETS.length + 1) + bucket] += 1;
    this.#sums[routeClass] += seconds;
    this.#totals[routeClass] += 1;
  }

  /** http_requests_total's samples: every class, method and status seen. */
  requestSamples(): Sample[] {
    const samples: Sample[] = [];
    for (let c = 0; c < ROUTE_CLASSES.length; c++) {
      for (let m = 0; m < METHODS.length; m++) {
        const base = (c * METHODS.length + m) * STATUSES;
        for (let s = 0; s < STATUSES; s++) {
          const value = this.#counts[base + s];
          if (value > 0) samples.push({ labels: { route_class: ROUTE_CLASSES[c], method: METHODS[m], status: String(s) }, value });
        }
      }
    }
    return samples;
  }

  /** http_request_duration_seconds's samples, per class: cumulative buckets, sum and count. */
  durationSamples(): { routeClass: RouteClass; buckets: { le: string; value: number }[]; sum: number; count: number }[] {
    return ROUTE_CLASSES.map((routeClass, c) => {
      let cumulative = 0;
      const buckets = [...DURATION_BUCKETS.map(String), '+Inf'].map((le, b) => {
        cumulative += this.#buckets[c * (DURATION_BUCKETS.length + 1) + b];
        return { le, value: cumulative };
      });
      return { routeClass, buckets, sum: this.#sums[c], count: this.#totals[c] };
    });
  }
}
