import { type MediaKind } from '../../../../domain/media/MediaFacts';

/**
 * The types the service takes, as read from a file's bytes. AVIF is an image sharp reads
 * (its libheif decodes AV1); HEIC is not: sharp's prebuilt libvips has no HEVC decoder, so
 * HEIC photos are refused and need converting to JPEG first.
 */
const ACCEPTED: Readonly<Record<string, MediaKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'image/avif': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
};

export const ACCEPTED_MIME_TYPES: readonly string[] = Object.keys(ACCEPTED);

export function acceptedKind(mimeType: string): MediaKind | null {
  return ACCEPTED[mimeType] ?? null;
}

/** Images whose location can be stripped by rewriting them; GIFs carry no EXIF. */
export const LOCATION_BEARING_IMAGES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

const NAMED: Readonly<Record<string, string>> = {
  'application/pdf': 'a PDF document',
  'application/zip': 'a ZIP archive',
  'application/gzip': 'a gzip archive',
  'application/x-tar': 'a tar archive',
  'application/x-7z-compressed': 'a 7-Zip archive',
  'application/vnd.rar': 'a RAR archive',
  'application/x-rar-compressed': 'a RAR archive',
  'application/x-msdownload': 'a Windows program',
  'application/x-elf': 'a Linux program',
  'image/heic': 'a HEIC photo (convert it to JPEG first)',
  'image/heif': 'a HEIF photo (convert it to JPEG first)',
  'image/tiff': 'a TIFF image',
  'image/bmp': 'a BMP image',
  'image/svg+xml': 'an SVG drawing',
};

/** How a refused type is named to the person who uploaded it, e.g. "a PDF document (application/pdf)". */
export function describeType(detected: { readonly ext: string; readonly mime: string }): string {
  const named = NAMED[detected.mime];
  if (named) return `${named} (${detected.mime})`;
  const [family] = detected.mime.split('/');
  if (family === 'audio') return `an audio file (${detected.mime})`;
  if (family === 'image') return `a ${detected.ext.toUpperCase()} image (${detected.mime})`;
  if (family === 'video') return `a ${detected.ext.toUpperCase()} video (${detected.mime})`;
  return `a .${detected.ext} file (${detected.mime})`;
}
