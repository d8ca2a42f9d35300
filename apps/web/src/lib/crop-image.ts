import { PROFILE_IMAGE_FILE_NAME } from '@pet/contract';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Longest side of the stored photo: sharp as a profile picture, small to upload. */
export const CROPPED_IMAGE_MAX_PX = 1024;
const JPEG_QUALITY = 0.9;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.addEventListener('load', () => resolve(image));
    image.addEventListener('error', () => reject(new Error('The image could not be loaded')));
    image.src = src;
  });
}

/**
 * The square `area` of the image at `src` as a JPEG file named petImage.jpg (shared by the pet photo and the avatar; pet-data section 4:
 * circular crop, aspect 1, output JPEG; the circle is the avatar's shape, the file stays square).
 * Transparent parts (PNG, WebP) get a white background, as JPEG has no transparency.
 */
export async function cropToJpegFile(
  src: string,
  area: PixelArea,
  maxPx = CROPPED_IMAGE_MAX_PX,
): Promise<File> {
  const image = await loadImage(src);
  const side = Math.max(1, Math.round(Math.min(area.width, maxPx)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#FFFFFF';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  if (!blob) throw new Error('The image could not be encoded');
  return new File([blob], PROFILE_IMAGE_FILE_NAME, { type: 'image/jpeg' });
}
