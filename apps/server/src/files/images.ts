import sharp, { type Sharp } from 'sharp';
import { bmpSize, decodeBmp } from './bmp.ts';
import { MAX_IMAGE_PIXELS, type ThumbFit } from './limits.ts';
import type { Format } from './sniff.ts';

export type ImageVerdict = 'ok' | 'tooManyPixels' | 'broken';

const sharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;

/** A sharp pipeline over the stored bytes; BMP goes through our own decoder first. */
async function open(bytes: Buffer, format: Format): Promise<Sharp> {
  if (format === 'bmp') {
    const { width, height, channels, data } = await decodeBmp(bytes, MAX_IMAGE_PIXELS);
    return sharp(data, { raw: { width, height, channels }, limitInputPixels: MAX_IMAGE_PIXELS });
  }
  return sharp(bytes, sharpOptions);
}

/**
 * An upload is an image only if it decodes: the header's size is checked against the pixel
 * limit first, then the whole image is decoded (into a small resize, so memory stays low).
 */
export async function verifyImage(bytes: Buffer, format: Format): Promise<ImageVerdict> {
  try {
    const { width, height } = format === 'bmp' ? bmpSize(bytes) : await sharp(bytes).metadata();
    if (!width || !height) return 'broken';
    if (width * height > MAX_IMAGE_PIXELS) return 'tooManyPixels';
    await (await open(bytes, format)).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    return 'ok';
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return 'tooManyPixels';
    if (error instanceof Error) return 'broken';
    throw error;
  }
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
  return (await open(bytes, format))
    .rotate() // honours EXIF orientation, as browsers do
    .resize(width, height, {
      fit: fit === 'COVER' ? 'cover' : 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .webp({ quality: 80 })
    .toBuffer();
}
