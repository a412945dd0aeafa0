import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { type Inspection } from '../../../application/ports/MediaInspector';
import { FileMediaInspector } from '../../../adapters/outbound/media/inspection/FileMediaInspector';
import { exifHasGps, makeJpegWithLocation, makePng, makeTruncatedCopy, makeVideo } from '../../support/mediaFiles';

/** The real inspector on files made here with sharp and ffmpeg: real file-type, sharp, ffprobe and ffmpeg. */
describe('FileMediaInspector', () => {
  const inspector = new FileMediaInspector();
  let dir: string;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dispatch-inspector-'));
  });
  after(async () => dir && fs.rm(dir, { recursive: true, force: true }));

  const factsOf = (inspection: Inspection) => {
    if (!inspection.ok) throw new Error(`expected media, got: ${inspection.reason}`);
    return inspection.facts;
  };
  const reasonOf = (inspection: Inspection) => {
    if (inspection.ok) throw new Error(`expected a refusal, got ${JSON.stringify(inspection.facts)}`);
    return inspection.reason;
  };

  describe('images', () => {
    it('reads a PNG’s type and size', async () => {
      const facts = factsOf(await inspector.inspect(await makePng(dir, 120, 80)));
      expect(facts).to.deep.equal({ kind: 'image', mimeType: 'image/png', width: 120, height: 80, durationSeconds: null, videoCodec: null, audioCodec: null });
    });

    it('gives a JPEG turned by its EXIF orientation the size people see (width and height swapped)', async () => {
      const facts = factsOf(await inspector.inspect(await makeJpegWithLocation(dir)));
      expect(facts).to.include({ kind: 'image', mimeType: 'image/jpeg', width: 20, height: 40 });
    });

    it('goes by the bytes, not the name: a PNG called clip.mp4 is a PNG', async () => {
      const facts = factsOf(await inspector.inspect(await makePng(dir, 10, 10, 'clip.mp4')));
      expect(facts).to.include({ kind: 'image', mimeType: 'image/png' });
    });

    for (const format of ['webp', 'gif', 'avif'] as const) {
      it(`accepts ${format.toUpperCase()}`, async () => {
        const file = path.join(dir, `picture.${format}`);
        await sharp({ create: { width: 24, height: 16, channels: 3, background: '#22aa44' } })
          .toFormat(format)
          .toFile(file);
        expect(factsOf(await inspector.inspect(file))).to.include({ kind: 'image', mimeType: `image/${format}`, width: 24, height: 16 });
      });
    }

    it('refuses a PNG cut short', async () => {
      const whole = await makePng(dir, 300, 300, 'whole.png');
      const truncated = await makeTruncatedCopy(whole, 200);
      expect(reasonOf(await inspector.inspect(truncated))).to.match(/image\/png image cannot be read .*damaged or cut short/);
    });
  });

  describe('stripLocation', () => {
    it('removes the GPS location and keeps the picture the way people see it', async () => {
      const file = await makeJpegWithLocation(dir, 'to-strip.jpg');
      expect(exifHasGps((await sharp(file).metadata()).exif), 'the fixture has a location').to.equal(true);

      await inspector.stripLocation(file);

      const after = await sharp(file).metadata();
      expect(exifHasGps(after.exif)).to.equal(false);
      expect(after.orientation ?? 1).to.equal(1);
      expect({ width: after.width, height: after.height }).to.deep.equal({ width: 20, height: 40 });
      expect(factsOf(await inspector.inspect(file))).to.include({ mimeType: 'image/jpeg', width: 20, height: 40 });
      const leftovers = (await fs.readdir(dir)).filter((name) => name.endsWith('.tmp'));
      expect(leftovers).to.deep.equal([]);
    });

    it('leaves an image without metadata as it was', async () => {
      const file = await makePng(dir, 30, 30, 'plain.png');
      const before = await fs.readFile(file);
      await inspector.stripLocation(file);
      expect((await fs.readFile(file)).equals(before)).to.equal(true);
    });
  });

  describe('videos', () => {
    let mp4: string;
    before(async function () {
      this.timeout(60_000);
      mp4 = await makeVideo(dir, { seconds: 2, width: 320, height: 240, audio: true });
    });

    it('reads an H.264 + AAC MP4’s duration, size and codecs', async () => {
      const facts = factsOf(await inspector.inspect(mp4));
      expect(facts).to.include({ kind: 'video', mimeType: 'video/mp4', width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' });
      expect(facts.durationSeconds).to.be.closeTo(2, 0.1);
    });

    it('gives no audio codec for a video without sound (WebM, VP9)', async () => {
      const webm = await makeVideo(dir, { seconds: 1, width: 160, height: 120, audio: false, container: 'webm' });
      const facts = factsOf(await inspector.inspect(webm));
      expect(facts).to.include({ kind: 'video', mimeType: 'video/webm', width: 160, height: 120, videoCodec: 'vp9', audioCodec: null });
    });

    it('swaps width and height for a video rotated a quarter turn', async () => {
      const rotated = await makeVideo(dir, { seconds: 1, width: 320, height: 240, audio: false, rotation: 90, name: 'rotated.mp4' });
      expect(factsOf(await inspector.inspect(rotated))).to.include({ width: 240, height: 320 });
      const out = path.join(dir, 'rotated-frame.jpg');
      await inspector.videoFrame(rotated, 0.5, out);
      const frame = await sharp(out).metadata();
      expect({ width: frame.width, height: frame.height }, 'the frame is turned as the video plays').to.deep.equal({ width: 240, height: 320 });
    });

    it('refuses an MP4 cut short, saying why', async () => {
      const truncated = await makeTruncatedCopy(mp4, 20_000);
      expect(reasonOf(await inspector.inspect(truncated))).to.match(
        /video\/mp4 video cannot be read \(.*moov atom not found.*\); it may be damaged or cut short/,
      );
    });

    it('writes the frame at 1 s as a JPEG the size of the video', async () => {
      const out = path.join(dir, 'frame.jpg');
      await inspector.videoFrame(mp4, 1, out);
      const frame = await sharp(out).metadata();
      expect({ format: frame.format, width: frame.width, height: frame.height }).to.deep.equal({ format: 'jpeg', width: 320, height: 240 });
    });

    it('takes the last frame when asked for a time past the end', async () => {
      const out = path.join(dir, 'late-frame.jpg');
      await inspector.videoFrame(mp4, 60, out);
      expect((await sharp(out).metadata()).format).to.equal('jpeg');
    });

    it('says plainly that ffprobe is needed when it is not installed', async () => {
      const withoutFfprobe = new FileMediaInspector(path.join(dir, 'no-such-ffprobe'));
      expect(reasonOf(await withoutFfprobe.inspect(mp4))).to.equal("video inspection needs ffprobe from Debian's ffmpeg (apt-get install ffmpeg)");
    });
  });

  describe('files that are not media', () => {
    it('refuses a text file: its bytes match no known type', async () => {
      const file = path.join(dir, 'notes.jpg');
      await fs.writeFile(file, 'just some words, not a picture\n');
      expect(reasonOf(await inspector.inspect(file))).to.equal('the file is not an image or a video (its bytes match no known type)');
    });

    it('names the type it refuses, e.g. a PDF', async () => {
      const file = path.join(dir, 'report.png');
      await fs.writeFile(file, '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
      expect(reasonOf(await inspector.inspect(file))).to.equal('a PDF document (application/pdf) is not an image or a video the service accepts');
    });
  });
});
