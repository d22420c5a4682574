// A condition that fails every request the same way (the database away, a full disk) is logged
// as one line per interval at most, saying how many failures it stands for, never a line with a
// stack per request (database-health.ts, storage-health.ts).

export class SummarisedLog {
  private lastLogAt = -Infinity;
  private unlogged = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * One more failure: calls `log` with the number of failures not logged since the last line
   * when the interval has passed since that line, and only counts it otherwise.
   */
  report(log: (notLogged: number) => void): void {
    const now = this.now();
    if (now - this.lastLogAt < this.intervalMs) {
      this.unlogged += 1;
      return;
    }
    this.lastLogAt = now;
    const notLogged = this.unlogged;
    this.unlogged = 0;
    log(notLogged);
  }

  /** The condition ended: the failures not logged are accounted for elsewhere (a recovery line). */
  reset(): void {
    this.unlogged = 0;
  }
}

/** What such a line says about the failure: its first line and code, never a stack. */
export function failureFields(error: unknown): { reason: string | undefined; code: unknown } {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return { reason: typeof message === 'string' ? message.split('\n')[0] : undefined, code };
}
