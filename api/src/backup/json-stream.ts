// Reads one JSON array element by element from a byte stream, for the backup archive's tables
// (`[row, row, ...]`) and its manifest (an object whose `files` array has one entry per stored
// file). Memory stays bounded whatever the input: an element is handed over as soon as it is
// complete, one longer than the bound is refused before it is buffered further, and what lies
// outside the array (the manifest's other keys) is kept only up to its own bound.
//
// Why not a streaming JSON library: the ones on npm build every value they meet (a hostile 1 GB
// string is buffered whole before any size check can run), and @streamparser/json, the best kept,
// read a 42 MB table five times slower than this scan plus JSON.parse of each element.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The JSON is malformed, or an element (or the rest) is over its bound. */
export class JsonStreamError extends Error {
  constructor(
    message: string,
    /** True when a size bound was hit (not a syntax error). */
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'JsonStreamError';
  }
}

export interface SplitterOptions {
  /** Stream the array under this key of a top-level object; absent: the document is the array. */
  key?: string;
  /** Longest element, in bytes of JSON text. */
  maxElementBytes: number;
  /** Longest text outside the array (the other keys of the object). */
  maxRestBytes?: number;
  /** Each element's JSON text, in order (not parsed: the caller parses or forwards it). */
  onElement(text: string): void;
}

export class JsonArraySplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Depth of the streamed array's contents (1: the document, 2: under a key); 0 until it opens. */
  private targetDepth = 0;
  private targetSeen = false;
  private targetDone = false;
  /** Element bytes gathered across chunks. */
  private parts: Buffer[] = [];
  private partBytes = 0;
  private separators = 0;
  private rest: Buffer[] = [];
  private restBytes = 0;
  // Keys of the top-level object (key mode only).
  private expectKey = false;
  private keyParts: Buffer[] | null = null;
  private lastKey: string | null = null;
  private awaitingValue = false;
  private started = false;

  constructor(private readonly options: SplitterOptions) {}

  write(chunk: Buffer): void {
    let elementStart = this.targetDepth > 0 ? 0 : -1;
    let restStart = this.targetDepth > 0 ? -1 : 0;
    let keyStart = this.keyParts ? 0 : -1;
    const length = chunk.length;
    for (let i = 0; i < length; i++) {
      const byte = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) {
          this.inString = false;
          if (keyStart >= 0) {
            this.keyParts!.push(chunk.subarray(keyStart, i + 1));
            this.lastKey = this.decodeKey();
            keyStart = -1;
          }
        }
        continue;
      }
      if (!this.started && !isSpace(byte)) {
        this.started = true;
        const expected = this.options.key === undefined ? OPEN_ARRAY : OPEN_OBJECT;
        if (byte !== expected) throw new JsonStreamError(this.options.key === undefined ? 'not a JSON array' : 'not a JSON object');
      }
      if (this.targetDepth > 0 && this.depth === this.targetDepth && (byte === COMMA || byte === CLOSE_ARRAY)) {
        // The end of an element of the streamed array.
        this.collect(chunk, elementStart, i);
        const closing = byte === CLOSE_ARRAY;
        // `[]` (or `[ ]`) has no element; `[x,]` has an empty last one, which the caller refuses.
        if (!closing || this.separators > 0 || !this.blank()) this.emit();
        else this.discard();
        if (closing) {
          this.depth--;
          this.targetDepth = 0;
          this.targetDone = true;
          elementStart = -1;
          restStart = i;
        } else {
          this.separators++;
          elementStart = i + 1;
        }
        continue;
      }
      if (this.awaitingValue && !isSpace(byte) && this.depth === 1) {
        this.awaitingValue = false;
        if (byte === OPEN_ARRAY && this.lastKey === this.options.key) {
          this.openTarget();
          this.appendRest(chunk, restStart, i + 1);
          restStart = -1;
          this.depth++;
          elementStart = i + 1;
          continue;
        }
      }
      switch (byte) {
        case QUOTE:
          this.inString = true;
          if (this.options.key !== undefined && this.depth === 1 && this.expectKey) {
            this.expectKey = false;
            this.keyParts = [];
            keyStart = i;
          }
          break;
        case OPEN_ARRAY:
        case OPEN_OBJECT:
          if (this.depth === 0 && byte === OPEN_ARRAY && this.options.key === undefined) {
            this.openTarget();
            this.appendRest(chunk, restStart, i + 1);
            restStart = -1;
            elementStart = i + 1;
          }
          this.depth++;
          if (this.depth === 1 && byte === OPEN_OBJECT) this.expectKey = true;
          break;
        case CLOSE_ARRAY:
        case CLOSE_OBJECT:
          this.depth--;
          if (this.depth < 0) throw new JsonStreamError('unbalanced brackets');
          break;
        case COMMA:
          if (this.depth === 1) this.expectKey = true;
          break;
        case COLON:
          if (this.depth === 1) this.awaitingValue = true;
          break;
      }
    }
    if (elementStart >= 0) this.collect(chunk, elementStart, length);
    if (restStart >= 0) this.appendRest(chunk, restStart, length);
    if (keyStart >= 0) {
      this.keyParts!.push(chunk.subarray(keyStart));
      if (this.keyParts!.reduce((n, part) => n + part.length, 0) > 1024) throw new JsonStreamError('a key is too long');
    }
  }

  /** Ends the input; returns the parsed rest (the object with the streamed array left empty). */
  end(): unknown {
    if (this.inString || this.depth !== 0 || !this.started) throw new JsonStreamError('the JSON ends too early');
    // Under a key, a missing array is the caller's to judge (the rest shows it absent).
    if (!this.targetSeen && this.options.key === undefined) throw new JsonStreamError('not a JSON array');
    const text = Buffer.concat(this.rest).toString('utf8');
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new JsonStreamError((error as Error).message);
    }
  }

  private openTarget(): void {
    if (this.targetSeen) throw new JsonStreamError(this.options.key === undefined ? 'more than one JSON array' : `"${this.options.key}" is given twice`);
    this.targetSeen = true;
    this.targetDepth = this.depth + 1;
    this.separators = 0;
  }

  private collect(chunk: Buffer, from: number, to: number): void {
    if (from < 0 || to <= from) return;
    this.partBytes += to - from;
    if (this.partBytes > this.options.maxElementBytes) {
      throw new JsonStreamError(`an element is larger than ${this.options.maxElementBytes} bytes`, true);
    }
    // A copy only when the element continues in the next chunk (the chunk may be reused).
    this.parts.push(to === chunk.length ? Buffer.from(chunk.subarray(from, to)) : chunk.subarray(from, to));
  }

  private blank(): boolean {
    return this.parts.every((part) => part.every(isSpace));
  }

  private discard(): void {
    this.parts = [];
    this.partBytes = 0;
  }

  private emit(): void {
    const text = (this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts)).toString('utf8');
    this.parts = [];
    this.partBytes = 0;
    this.options.onElement(text);
  }

  private appendRest(chunk: Buffer, from: number, to: number): void {
    if (from < 0 || to <= from) return;
    this.restBytes += to - from;
    const max = this.options.maxRestBytes ?? 1024 * 1024;
    if (this.restBytes > max) throw new JsonStreamError(`the JSON outside the streamed array is larger than ${max} bytes`, true);
    this.rest.push(Buffer.from(chunk.subarray(from, to)));
  }

  private decodeKey(): string | null {
    const raw = Buffer.concat(this.keyParts!).toString('utf8');
    this.keyParts = null;
    try {
      return JSON.parse(raw) as string;
    } catch {
      throw new JsonStreamError('a malformed key');
    }
  }

  /** Whether the streamed array has been read to its end. */
  get complete(): boolean {
    return this.targetDone;
  }
}
