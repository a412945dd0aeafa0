import { createReadStream } from 'node:fs';
import { type MediaAccess } from '../../application/ports/platforms/PlatformConnector';
import { type MediaFacts } from '../../domain/media/MediaFacts';
import { LocalHttpServer } from './localHttpServer';

/**
 * A test double of the media library for connectors whose platform fetches media by link
 * (Instagram): media ids mapped to local files, with facts given by the test, and links served
 * by a local HTTP server with the file's MIME type, so a fake platform can fetch them.
 */
export class ServedMediaAccess implements MediaAccess {
  private readonly files = new Map<string, { path: string; facts: MediaFacts }>();
  /** The media ids fetched through their links, in order. */
  readonly fetched: string[] = [];

  private constructor(private server: LocalHttpServer | null) {}

  static async start(): Promise<ServedMediaAccess> {
    const access = new ServedMediaAccess(null);
    access.server = await LocalHttpServer.start('127.0.0.1', (request, response) => {
      const id = decodeURIComponent(/^\/media\/([^/?]+)/.exec(request.url ?? '')?.[1] ?? '');
      const file = access.files.get(id);
      if (!file) return void response.writeHead(404).end();
      access.fetched.push(id);
      response.writeHead(200, { 'Content-Type': file.facts.mimeType, 'Content-Length': String(file.facts.sizeBytes) });
      createReadStream(file.path).pipe(response);
    });
    return access;
  }

  add(mediaId: string, path: string, facts: MediaFacts): void {
    this.files.set(mediaId, { path, facts });
  }

  async open(mediaId: string) {
    const file = this.files.get(mediaId);
    if (!file) throw new Error(`no media ${mediaId}`);
    return { body: createReadStream(file.path), facts: file.facts };
  }

  async link(mediaId: string): Promise<string> {
    return (this.server as LocalHttpServer).url(`/media/${encodeURIComponent(mediaId)}`);
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }
}
