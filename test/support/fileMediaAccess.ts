import { createReadStream } from 'node:fs';
import { type MediaAccess } from '../../application/ports/platforms/PlatformConnector';
import { type MediaFacts } from '../../domain/media/MediaFacts';

/**
 * A test double of the media library for connector tests: media ids mapped to local files with
 * their facts given by the test (the library itself is tested elsewhere).
 */
export class FileMediaAccess implements MediaAccess {
  private readonly files = new Map<string, { path: string; facts: MediaFacts }>();

  add(mediaId: string, path: string, facts: MediaFacts): void {
    this.files.set(mediaId, { path, facts });
  }

  async open(mediaId: string) {
    const file = this.files.get(mediaId);
    if (!file) throw new Error(`no media ${mediaId}`);
    return { body: createReadStream(file.path), facts: file.facts };
  }

  async link(mediaId: string): Promise<string> {
    throw new Error(`FileMediaAccess gives no links (asked for ${mediaId})`);
  }
}
