import zlib from 'node:zlib';

// A tiny PNG painter for the demo seed: flat colours, stripes, gradients and discs, so demo
// images are generated at seed time instead of committed as binaries.

export type Rgb = readonly [number, number, number];

export class Canvas {
  private readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fill(() => background);
  }

  /** Paints every pixel with the colour the function returns for it (null leaves it). */
  fill(colourAt: (x: number, y: number) => Rgb | null): this {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const colour = colourAt(x, y);
        if (colour) this.pixels.set(colour, (y * this.width + x) * 3);
      }
    }
    return this;
  }

  verticalGradient(top: Rgb, bottom: Rgb): this {
    return this.fill((_x, y) => mix(top, bottom, y / (this.height - 1)));
  }

  diagonalGradient(from: Rgb, to: Rgb): this {
    return this.fill((x, y) => mix(from, to, (x / this.width + y / this.height) / 2));
  }

  /** Equal stripes, left to right ('vertical') or top to bottom ('horizontal'). */
  stripes(direction: 'vertical' | 'horizontal', colours: readonly Rgb[]): this {
    return this.fill((x, y) => {
      const position = direction === 'vertical' ? x / this.width : y / this.height;
      return colours[Math.min(colours.length - 1, Math.floor(position * colours.length))];
    });
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb): this {
    return this.fill((x, y) => (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1 ? colour : null));
  }

  rect(left: number, top: number, width: number, height: number, colour: Rgb): this {
    return this.fill((x, y) => (x >= left && x < left + width && y >= top && y < top + height ? colour : null));
  }

  toPng(): Buffer {
    const rowLength = this.width * 3 + 1;
    const raw = Buffer.alloc(rowLength * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * rowLength] = 0; // filter: none
      raw.set(this.pixels.subarray(y * this.width * 3, (y + 1) * this.width * 3), y * rowLength + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as unknown as Rgb;
}

export function hex(value: string): Rgb {
  const n = Number.parseInt(value.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
