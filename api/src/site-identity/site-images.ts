import { createHash } from 'node:crypto';
import { UPLOAD_MAX_BYTES, UPLOADS_ROOT } from '@consulting/model';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { ServiceUnavailable } from '../shared/errors.js';
import { ImageWorker } from '../uploads/image-jobs.js';
import { isStoredName, type ImageStorage } from '../uploads/storage.js';
import { BRAND_LOOK } from './brand.js';
import type { Identity } from './identity.js';
import { initialOf, type CardJob, type IconName, type IdentityTask } from './layout.js';
import type { SharedPage } from './share-pages.js';

// The firm's generated images, made on demand and kept in memory: the icon set (one per icon
// source and initial) and the share cards (one per firm name, logo and title). Each is keyed by a
// hash of everything it is drawn from (and the brand's colours), so a change of any of them is a
// new image and an unchanged page keeps its card across content revisions. Concurrent requests for
// one image share one drawing; the drawings run in their own image worker process, one at a time,
// and at most MAX_PENDING different ones wait (more: 503, try again). Nothing is written to disk or
// storage; memory is bounded by the caches' entry counts.

/** Share cards kept (least recently used out first): about 40-70 KB each. */
export const CARD_CACHE_ENTRIES = 64;
/** Icon sets kept (the current one, and a few recent ones while instances catch up). */
const ICON_SET_ENTRIES = 4;
/** Different images waiting to be drawn at once; a request for another one is refused (503) meanwhile. */
export const MAX_PENDING = 8;
/** Bumped when the drawing changes: every image is drawn anew. */
const DRAWING_VERSION = '1';

/** An image ready to send: its bytes and strong ETag. */
export interface GeneratedImage {
  body: Buffer;
  etag: string;
}

const hashOf = (parts: readonly unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
const imageOf = (bytes: Uint8Array): GeneratedImage => {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
};

/** What reading an uploaded image gave: its bytes, or null (not an upload, gone, too big); `sure`: false when the storage could not be read (try again later). */
interface UploadRead {
  bytes: Uint8Array | null;
  sure: boolean;
}

/**
 * The bytes of an uploaded image named by a settings field (`/uploads/<name>`), through the storage
 * interface (local disk or S3). An http(s) address elsewhere is never fetched (the server does not
 * call addresses an editor typed): it counts as no image.
 */
async function readUpload(storage: ImageStorage, url: string | null): Promise<UploadRead> {
  if (url === null || !url.startsWith(`${UPLOADS_ROOT}/`)) return { bytes: null, sure: true };
  const name = url.slice(UPLOADS_ROOT.length + 1);
  if (!isStoredName(name)) return { bytes: null, sure: true };
  try {
    const file = await storage.open(name);
    if (!file) return { bytes: null, sure: true };
    if (file.size > UPLOAD_MAX_BYTES * 2) {
      (file.stream as NodeJS.ReadableStream & { destroy?(): void }).destroy?.();
      return { bytes: null, sure: true };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return { bytes: Buffer.concat(chunks), sure: true };
  } catch {
    return { bytes: null, sure: false };
  }
}

type IconSet = Record<IconName, GeneratedImage>;

/** The worker that draws the firm's images: its own process, so cards never wait behind uploads' images nor uploads behind cards. */
const identityWorker = new ImageWorker();

/** Where the images' inputs come from (the site reads them per content revision: site/identity-images.ts). */
export interface SiteImageSources {
  /** The firm's identity now; throws when it cannot be read. */
  identity(): Promise<Identity>;
  /** The page at `path` (as written) with its card's title, or null when it is no page now; throws when the pages cannot be read. */
  page(path: string, identity: Identity): Promise<SharedPage | null>;
}

export class SiteImages {
  readonly #sources: SiteImageSources;
  readonly #worker: (task: IdentityTask) => Promise<unknown>;
  readonly #storage: ImageStorage;
  readonly #logger: Logger;
  readonly #cards = new LRUCache<string, GeneratedImage>({ max: CARD_CACHE_ENTRIES });
  readonly #iconSets = new LRUCache<string, IconSet>({ max: ICON_SET_ENTRIES });
  readonly #drawing = new Map<string, Promise<unknown>>();
  #drawn = 0;

  /** `worker`: what draws (the image worker; tests give their own). */
  constructor(storage: ImageStorage, logger: Logger, sources: SiteImageSources, worker = (task: IdentityTask) => identityWorker.identity(task)) {
    this.#sources = sources;
    this.#worker = worker;
    this.#storage = storage;
    this.#logger = logger.child({ component: 'site-images' });
  }

  /** Share cards kept now (at most CARD_CACHE_ENTRIES). */
  get cardsKept(): number {
    return this.#cards.size;
  }

  /** Images drawn since start (cards and icon sets). */
  get drawn(): number {
    return this.#drawn;
  }

  /** The identity now; 503 when the database is away and it was never read. */
  async currentIdentity(): Promise<Identity> {
    try {
      return await this.#sources.identity();
    } catch (error) {
      this.#logger.warn({ err: error }, 'the site settings could not be read');
      throw new ServiceUnavailable();
    }
  }

  /** The icon set of `identity`: from its uploaded icon, else the generated mark. */
  async icons(identity: Identity): Promise<IconSet> {
    const initial = initialOf(identity.firmName);
    const key = hashOf(['icons', DRAWING_VERSION, BRAND_LOOK, identity.iconUrl, initial]);
    const kept = this.#iconSets.get(key);
    if (kept) return kept;
    return this.#draw(key, async () => {
      const source = await readUpload(this.#storage, identity.iconUrl);
      const { icons } = (await this.#run({ kind: 'icons', source: source.bytes, initial })) as { icons: Record<IconName, Uint8Array> };
      const set = Object.fromEntries(Object.entries(icons).map(([name, bytes]) => [name, imageOf(bytes)])) as IconSet;
      // The storage could not be read: the mark stands in for now, and is not kept.
      if (source.sure) this.#iconSets.set(key, set);
      return set;
    });
  }

  /** The share card of the page at `path` (as written); null when it is no page now. */
  async card(path: string): Promise<GeneratedImage | null> {
    const identity = await this.currentIdentity();
    let page: SharedPage | null;
    try {
      page = await this.#sources.page(path, identity);
    } catch (error) {
      this.#logger.warn({ err: error }, 'the pages could not be read for a share card');
      throw new ServiceUnavailable();
    }
    if (page === null) return null;
    // The logo for dark backgrounds suits the card's dark ground; the usual one is set on a light plate.
    const logoUrl = identity.logoDarkUrl ?? identity.logoUrl;
    const onLight = identity.logoDarkUrl === null;
    const key = hashOf(['card', DRAWING_VERSION, BRAND_LOOK, identity.firmName, page.title, logoUrl, onLight]);
    const kept = this.#cards.get(key);
    if (kept) return kept;
    return this.#draw(key, async () => {
      const logo = await readUpload(this.#storage, logoUrl);
      const job: CardJob = { firmName: identity.firmName, title: page.title, logo: logo.bytes ? { bytes: logo.bytes, onLight } : null };
      const card = imageOf((await this.#run({ kind: 'card', ...job })) as Uint8Array);
      if (logo.sure) this.#cards.set(key, card);
      return card;
    });
  }

  /** One drawing per key at a time, shared by whoever asks meanwhile; a bounded number waiting. */
  #draw<T>(key: string, draw: () => Promise<T>): Promise<T> {
    const running = this.#drawing.get(key);
    if (running) return running as Promise<T>;
    if (this.#drawing.size >= MAX_PENDING) return Promise.reject(new ServiceUnavailable('Busy drawing images; try again shortly'));
    const promise = draw();
    this.#drawing.set(key, promise);
    const forget = () => this.#drawing.delete(key);
    promise.then(forget, forget);
    return promise;
  }

  async #run(task: IdentityTask): Promise<unknown> {
    try {
      const result = await this.#worker(task);
      this.#drawn += 1;
      return result;
    } catch (error) {
      this.#logger.error({ err: error, kind: task.kind }, 'an image of the site could not be drawn');
      throw new ServiceUnavailable('The image could not be made; try again shortly');
    }
  }
}
