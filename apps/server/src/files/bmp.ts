/**
 * A small BMP decoder: sharp (libvips) cannot read BMP, yet spec §5 accepts it as an image.
 * Uncompressed 8-bit (palette), 24-bit and 32-bit (plain or bit fields) are read; other
 * variants (RLE, 1/4/16-bit, JPEG/PNG inside) are refused as not decodable.
 */

export interface RawImage {
  readonly width: number;
  readonly height: number;
  readonly channels: 3 | 4;
  readonly data: Buffer;
}

export class BmpError extends Error {}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/** Width and height from the header, without decoding (for the pixel limit). */
export function bmpSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 26) throw new BmpError('truncated header');
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize === 12) return { width: bytes.readUInt16LE(18), height: bytes.readUInt16LE(20) };
  if (bytes.length < 54) throw new BmpError('truncated header');
  return { width: Math.abs(bytes.readInt32LE(18)), height: Math.abs(bytes.readInt32LE(22)) };
}

/**
 * Decodes the whole image at once: a 9.5 MB BMP takes most of a second, so this runs only in the
 * decoder's worker thread (bmpDecoder.ts), never on the server's event loop.
 */
export function decodeBmp(input: Uint8Array, maxPixels: number): RawImage {
  // A worker receives a plain Uint8Array: view it as a Buffer for the little-endian readers.
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length < 54 || bytes.readUInt32LE(14) < 40) throw new BmpError('unsupported header');
  const headerSize = bytes.readUInt32LE(14);
  const width = bytes.readInt32LE(18);
  const rawHeight = bytes.readInt32LE(22);
  const height = Math.abs(rawHeight);
  const bitsPerPixel = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  const dataOffset = bytes.readUInt32LE(10);
  if (width <= 0 || height === 0) throw new BmpError('empty image');
  if (width * height > maxPixels) throw new BmpError('too many pixels');
  const stride = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
  if (dataOffset + stride * height > bytes.length) throw new BmpError('truncated pixel data');

  const pixel = pixelReader(bytes, headerSize, bitsPerPixel, compression);
  const channels = pixel.hasAlpha ? 4 : 3;
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    // Rows are stored bottom-up unless the height is negative.
    const row = dataOffset + stride * (rawHeight > 0 ? height - 1 - y : y);
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel.read(row, x);
      const at = (y * width + x) * channels;
      data[at] = r;
      data[at + 1] = g;
      data[at + 2] = b;
      if (channels === 4) data[at + 3] = a;
    }
  }
  return { width, height, channels, data };
}

type Rgba = [number, number, number, number];

function pixelReader(bytes: Buffer, headerSize: number, bitsPerPixel: number, compression: number) {
  if (compression === BI_RGB && bitsPerPixel === 24) {
    return { hasAlpha: false, read: (row: number, x: number): Rgba => bgr(bytes, row + x * 3) };
  }
  if (compression === BI_RGB && bitsPerPixel === 32) {
    // The fourth byte of a plain 32-bit BMP is padding, not alpha.
    return { hasAlpha: false, read: (row: number, x: number): Rgba => bgr(bytes, row + x * 4) };
  }
  if (compression === BI_RGB && bitsPerPixel === 8) {
    const colours = bytes.readUInt32LE(46) || 256;
    const palette = 14 + headerSize;
    if (colours > 256 || palette + colours * 4 > bytes.length) throw new BmpError('bad palette');
    return {
      hasAlpha: false,
      read: (row: number, x: number): Rgba => {
        const index = bytes[row + x]!;
        if (index >= colours) throw new BmpError('palette index out of range');
        return bgr(bytes, palette + index * 4);
      },
    };
  }
  if ((compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) && bitsPerPixel === 32) {
    // Masks follow a 40-byte header, or sit inside a V4/V5 header at the same place.
    if (bytes.length < 14 + 40 + 16) throw new BmpError('truncated masks');
    const masks = [0, 4, 8, 12].map((i) => bytes.readUInt32LE(54 + i));
    const hasAlpha = (headerSize > 40 || compression === BI_ALPHABITFIELDS) && masks[3] !== 0;
    const channel = masks.map(maskChannel);
    return {
      hasAlpha,
      read: (row: number, x: number): Rgba => {
        const value = bytes.readUInt32LE(row + x * 4);
        return [
          channel[0]!(value),
          channel[1]!(value),
          channel[2]!(value),
          hasAlpha ? channel[3]!(value) : 255,
        ];
      },
    };
  }
  throw new BmpError(`unsupported BMP: ${bitsPerPixel}-bit, compression ${compression}`);
}

const bgr = (bytes: Buffer, at: number): Rgba => [bytes[at + 2]!, bytes[at + 1]!, bytes[at]!, 255];

/** Reads one channel under a bit mask, scaled to 0..255. */
function maskChannel(mask: number | undefined): (value: number) => number {
  if (!mask) return () => 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}
