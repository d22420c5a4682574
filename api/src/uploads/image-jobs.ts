import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidImage } from '../shared/errors.js';
import type { ImageExt, PreparedImage } from './image-processing.js';
import type { IdentityTask } from '../site-identity/layout.js';

// Image work (sharp) runs in one child process, one job at a time, kept while busy and let go
// after a few idle seconds. In the server process libvips left hundreds of MB of fragmented
// malloc arenas behind after a handful of uploads (measured: 208 MB -> 430-640 MB after eight
// 12-megapixel uploads); a child gives it all back when it exits, a decoder crash on a hostile
// file costs a 400 instead of the server, and the server never loads libvips at all.

export type ImageJob =
  | { op: 'prepare'; bytes: Uint8Array; ext: ImageExt }
  | { op: 'variants'; bytes: Uint8Array; ext: ImageExt }
  | { op: 'social'; bytes: Uint8Array; ext: ImageExt }
  /** The firm's generated images: icons and share cards (site-identity/render.ts). */
  | { op: 'identity'; task: IdentityTask };

export type ImageJobReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; refusal: string | null; detail: string };

/** A job taking longer than this (the pixel limit bounds honest ones to seconds) kills the worker. */
const JOB_TIMEOUT_MS = 120_000;

const here = fileURLToPath(import.meta.url);
/** Built: image-worker.js beside this file. From source (tests, `npm run dev`): the .ts through tsx. */
const workerFile = path.join(path.dirname(here), `image-worker${path.extname(here)}`);
const workerExecArgv = path.extname(here) === '.ts' ? ['--import', 'tsx'] : [];

export class ImageWorker {
  private child: ChildProcess | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: { idleMs: number } = { idleMs: 5000 }) {}

  /** The worker's process id while it runs (tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  prepare(bytes: Uint8Array, ext: ImageExt): Promise<PreparedImage> {
    return this.enqueue({ op: 'prepare', bytes, ext }) as Promise<PreparedImage>;
  }

  /** The variants of a stored original its width calls for, keyed `<width>.<format>` (prepareVariants). */
  variants(bytes: Uint8Array, ext: ImageExt): Promise<Record<string, Uint8Array>> {
    return this.enqueue({ op: 'variants', bytes, ext }) as Promise<Record<string, Uint8Array>>;
  }

  /** The link-preview picture of a stored original, 1200x630 JPEG (prepareSocialImage). */
  social(bytes: Uint8Array, ext: ImageExt): Promise<Uint8Array> {
    return this.enqueue({ op: 'social', bytes, ext }) as Promise<Uint8Array>;
  }

  /** The firm's icons or a share card (site-identity/render.ts runIdentityTask). */
  identity(task: IdentityTask): Promise<unknown> {
    return this.enqueue({ op: 'identity', task });
  }

  /** Ends the worker now (shutdown, tests). */
  stop(): void {
    clearTimeout(this.idleTimer);
    this.child?.kill();
    this.child = null;
  }

  private enqueue(job: ImageJob): Promise<unknown> {
    this.pending += 1;
    clearTimeout(this.idleTimer);
    const result = this.queue.then(() => this.run(job));
    this.queue = result.catch(() => {});
    return result.finally(() => {
      this.pending -= 1;
      if (this.pending === 0) this.idle();
    });
  }

  private run(job: ImageJob): Promise<unknown> {
    const child = this.spawn();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (reply: ImageJobReply) => {
        if (reply.id !== id) return;
        done();
        if (reply.ok) resolve(reply.result);
        else reject(reply.refusal !== null ? new InvalidImage(reply.refusal) : new Error(`image worker: ${reply.detail}`));
      };
      const onExit = () => {
        done();
        // A decoder that crashed on this file: the file is the problem.
        reject(new InvalidImage());
      };
      const timer = setTimeout(() => {
        done();
        this.stop();
        reject(new InvalidImage());
      }, JOB_TIMEOUT_MS);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ ...job, id });
    });
  }

  private spawn(): ChildProcess {
    if (this.child && this.child.connected) {
      this.child.ref();
      this.child.channel?.ref();
      return this.child;
    }
    const child = fork(workerFile, [], { execArgv: workerExecArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('exit', () => {
      if (this.child === child) this.child = null;
    });
    child.on('error', () => {});
    this.child = child;
    return child;
  }

  /** Idle: the process may exit without waiting for the worker, which goes after idleMs. */
  private idle(): void {
    const child = this.child;
    if (!child) return;
    child.unref();
    child.channel?.unref();
    this.idleTimer = setTimeout(() => {
      if (this.pending === 0 && this.child === child) {
        this.child = null;
        child.disconnect();
      }
    }, this.options.idleMs);
    this.idleTimer.unref();
  }
}

/** The server's image worker. */
export const imageWorker = new ImageWorker();
