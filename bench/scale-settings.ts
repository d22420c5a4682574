// The settings of `npm run bench:scale` (scale.ts): sizes, repeats, bounds, and the targets each row is judged by.

export const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000').split(',').map((n) => Number(n.trim()));
/** Repeats of each timed read (each after its own write); the median is printed, the worst beside it. */
export const REPEATS = Number(process.env.BENCH_SCALE_REPEATS ?? 5);
export const WRITES = Number(process.env.BENCH_SCALE_WRITES ?? 200);
/** A measurement repeated no longer than this once it has one sample (a slow one is not repeated 5 times). */
export const SLOW_MEASURE_MS = 15_000;
/** The admin screen's rows must show within this (else: n/a, "no rows within ..."). */
export const SCREEN_TIMEOUT_MS = 180_000;
export const BATCH = 10_000;
/** Display orders of the generated rows: MIN + i * GAP (gaps, as content/ordering.ts keeps in a long list). */
export const ORDER_MIN = -1_000_000;
export const ORDER_GAP = 16;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
export const KB = 1024;
export const MiB = 1024 * 1024;

// ---------------------------------------------------------------- targets (issue 20, "Targets")

export interface Target {
  /** Shown in the target column. */
  text: string;
  met(value: number, baseline?: number): boolean;
}
const atMost = (limit: number, unit: string, scale = 1): Target => ({ text: `≤ ${limit} ${unit}`, met: (v) => v <= limit * scale });
const under = (limit: number, unit: string, scale = 1): Target => ({ text: `< ${limit} ${unit}`, met: (v) => v < limit * scale });
export const TARGETS = {
  pageBytes: atMost(150, 'KB', KB),
  pageRender: under(50, 'ms'),
  landing: { text: '≤ 1.5x demo', met: (v: number, base?: number) => base !== undefined && v <= 1.5 * base } as Target,
  adminRows: atMost(1000, 'ms'),
  adminHeap: atMost(80, 'MB', MiB),
  adminDom: atMost(5000, 'elements'),
  search: atMost(300, 'ms'),
  move: atMost(100, 'ms'),
  writeP99: under(30, 'ms'),
  rss: under(200, 'MB', MiB),
};

/** One measured value per size column: a number, or why there is none (n/a). */
export type Cell = { value: number; text: string; note?: string } | { na: string };

export interface Row {
  name: string;
  unit: (v: number) => string;
  target?: Target;
  /** Judged against the demo column (the `/` row). */
  relativeToDemo?: boolean;
  cells: Map<string, Cell>;
}
