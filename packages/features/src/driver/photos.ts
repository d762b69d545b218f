/** The longest side of a photo as uploaded: enough to read a label or see the goods, ~200–400 kB. */
export const PHOTO_MAX_SIDE = 1600;
const QUALITY = 0.8;

/**
 * A camera photo made small on the phone before it waits in the queue and goes up on one bar of
 * signal (issue 39): the browser decodes it (`createImageBitmap`, turned upright from its EXIF),
 * draws it at most 1600 px on its longer side and encodes a JPEG. Written with the platform's own
 * decoder and encoder rather than a library: that is all the resizing a proof photo needs, and the
 * driver's app stays small (docs/delivery.md "The screens", hand-written and why).
 */
export async function resizePhoto(file: Blob, maxSide = PHOTO_MAX_SIDE): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))),
        'image/jpeg',
        QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
