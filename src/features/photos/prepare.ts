import { PHOTO_LONGEST_SIDE, PHOTO_QUALITY } from '@/domain/progressPhotos';
import { t } from '@/i18n';

export interface PreparedPhoto {
  blob: Blob;
  width: number;
  height: number;
}

/** The size a picture is drawn at: its own, or scaled down so its longest side is PHOTO_LONGEST_SIDE. */
export function preparedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_LONGEST_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Decodes a chosen picture (turned upright as its EXIF orientation says) and draws it again on a
 * canvas, scaled down, as a JPEG: only pixels leave the device, never the camera's metadata
 * (location, time, device). JPEG because every browser can encode it.
 */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(t('weight.photos.notPicture'));
  }
  const { width, height } = preparedSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(t('weight.photos.cannotPrepare'));
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY),
  );
  if (!blob) throw new Error(t('weight.photos.cannotPrepare'));
  return { blob, width, height };
}
