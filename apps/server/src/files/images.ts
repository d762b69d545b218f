import sharp, { type Sharp } from 'sharp';
import { bmpSize } from './bmp.ts';
import { decodeBmpOffThread } from './bmpDecoder.ts';
import { MAX_IMAGE_PIXELS, type ThumbFit } from './limits.ts';
import type { Format } from './sniff.ts';

/** An image that decoded; a BMP also gives its normalized PNG, kept beside the original. */
export type ImageCheck =
  | { readonly verdict: 'ok'; readonly normalized?: Buffer }
  | { readonly verdict: 'tooManyPixels' | 'broken' };

export const NORMALIZED_CONTENT_TYPE = 'image/png';

const sharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;

/**
 * An upload is an image only if it decodes: the header's size is checked against the pixel
 * limit first, then the whole image is decoded (into a small resize, so memory stays low).
 * A BMP, which sharp cannot read, is decoded once here (in the decoder's worker thread) into a
 * lossless PNG: thumbnails are made from that PNG by sharp and never decode the BMP again.
 */
export async function verifyImage(bytes: Buffer, format: Format): Promise<ImageCheck> {
  try {
    const { width, height } = format === 'bmp' ? bmpSize(bytes) : await sharp(bytes).metadata();
    if (!width || !height) return { verdict: 'broken' };
    if (width * height > MAX_IMAGE_PIXELS) return { verdict: 'tooManyPixels' };
    if (format === 'bmp') return { verdict: 'ok', normalized: await normalizeBmp(bytes) };
    await sharp(bytes, sharpOptions).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    return { verdict: 'ok' };
  } catch (error) {
    if (error instanceof Error && /pixel limit|too many pixels/i.test(error.message))
      return { verdict: 'tooManyPixels' };
    if (error instanceof Error) return { verdict: 'broken' };
    throw error;
  }
}

/** The BMP as a PNG of the same pixels (alpha kept when the BMP has one). */
export async function normalizeBmp(bytes: Buffer): Promise<Buffer> {
  const { width, height, channels, data } = await decodeBmpOffThread(bytes, MAX_IMAGE_PIXELS);
  // Fast compression: the PNG is made once per upload and read by sharp, not sent over the wire.
  return sharp(data, { raw: { width, height, channels }, limitInputPixels: MAX_IMAGE_PIXELS })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A sharp pipeline over stored bytes sharp can read (a BMP's normalized PNG, never the BMP). */
function open(bytes: Buffer, format: Format): Sharp {
  if (format === 'bmp') throw new Error('a BMP is read through its normalized PNG');
  return sharp(bytes, sharpOptions);
}

export const THUMB_CONTENT_TYPE = 'image/webp';

/** Exactly width × height: COVER crops the centre, CONTAIN letterboxes on transparency. */
export async function makeThumbnail(
  bytes: Buffer,
  format: Format,
  width: number,
  height: number,
  fit: ThumbFit,
): Promise<Buffer> {
  return open(bytes, format)
    .rotate() // honours EXIF orientation, as browsers do
    .resize(width, height, {
      fit: fit === 'COVER' ? 'cover' : 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * A stored image made small enough to print (a proof's signature or photo on the delivery note):
 * upright, at most `side` px on its longer side, on white (a signature is drawn on transparency),
 * as JPEG, which pdfkit embeds as is.
 */
export async function printableImage(bytes: Buffer, format: Format, side: number): Promise<Buffer> {
  return open(bytes, format)
    .rotate()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
}
