import sharp from 'sharp';

/**
 * sharp's process-wide settings for files decoded once and then deleted. No libvips
 * operation cache: it would keep up to 50 MB of decoded pixels and 20 open files, scratch
 * files among them, whose disk space a delete then does not free. One libvips thread per
 * image (sharp's own default with glibc's allocator, stated so no build differs): the
 * inspector's queue decides how many images are decoded at once.
 */
export function settleSharpForUploads(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}
