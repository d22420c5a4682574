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

  /** Paints each pixel (of the box, default all) with the colour the function returns (null leaves it). */
  fill(colourAt: (x: number, y: number) => Rgb | null, box = { left: 0, top: 0, right: this.width, bottom: this.height }): this {
    const top = Math.max(0, Math.floor(box.top));
    const bottom = Math.min(this.height, Math.ceil(box.bottom));
    const left = Math.max(0, Math.floor(box.left));
    const right = Math.min(this.width, Math.ceil(box.right));
    for (let y = top; y < bottom; y++) {
      for (let x = left; x < right; x++) {
        const colour = colourAt(x, y);
        if (!colour) continue;
        const offset = (y * this.width + x) * 3;
        this.pixels[offset] = colour[0];
        this.pixels[offset + 1] = colour[1];
        this.pixels[offset + 2] = colour[2];
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
    return this.fill((x, y) => (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1 ? colour : null), {
      left: cx - rx,
      top: cy - ry,
      right: cx + rx + 1,
      bottom: cy + ry + 1,
    });
  }

  rect(left: number, top: number, width: number, height: number, colour: Rgb): this {
    return this.fill(() => colour, { left, top, right: left + width, bottom: top + height });
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
  return [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];
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
