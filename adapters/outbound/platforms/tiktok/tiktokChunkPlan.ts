/**
 * TikTok's chunking of a FILE_UPLOAD: a video no larger than one chunk goes whole; otherwise
 * `total_chunk_count` is the size divided by `chunk_size`, rounded down, and the last chunk
 * also carries the bytes left over.
 */
export function chunkPlan(videoSize: number, chunkBytes: number): { chunkSize: number; lengths: number[] } {
  if (videoSize <= chunkBytes) return { chunkSize: videoSize, lengths: [videoSize] };
  const count = Math.floor(videoSize / chunkBytes);
  const lengths = Array.from({ length: count }, () => chunkBytes);
  lengths[count - 1] += videoSize - count * chunkBytes;
  return { chunkSize: chunkBytes, lengths };
}
