import { type MediaFacts } from '../../domain/media/MediaFacts';

/** What the inspector made of a file: its facts, or why it is not media the service accepts. */
export type Inspection = { readonly ok: true; readonly facts: Omit<MediaFacts, 'sizeBytes'> } | { readonly ok: false; readonly reason: string };

/**
 * Reads a file on local disk for what it really is: the type from its bytes, an image's
 * dimensions, a video's duration, dimensions and codecs (docs/decisions.md, "Media").
 */
export interface MediaInspector {
  inspect(file: string): Promise<Inspection>;
  /** Rewrites an image in place without its location (EXIF GPS), keeping its orientation. */
  stripLocation(file: string): Promise<void>;
  /** Writes a JPEG of the video's frame at `atSeconds` (clamped to its length) to `out`. */
  videoFrame(file: string, atSeconds: number, out: string): Promise<void>;
}
