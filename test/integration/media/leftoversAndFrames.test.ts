import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { FixedClock } from '../../support/fixedClock';
import { type MediaWorld, startMediaWorld } from './mediaFixture';

const STALE_SECONDS = 600;

describe('media: housekeeping removes what a stopped process left; a frame past the end is the last one', () => {
  const clock = new FixedClock();
  let w: MediaWorld;

  before(async function () {
    w = await startMediaWorld(this, { clock, env: { MEDIA_STALE_PROCESSING_SECONDS: String(STALE_SECONDS) } });
  });
  after(async () => w?.close());

  it('removes scratch files older than any processing may be, and keeps the recent ones', async () => {
    const scratch = path.join(w.dataDir, 'scratch');
    fs.mkdirSync(scratch, { recursive: true });
    const left = path.join(scratch, 'left-by-a-crash');
    const recent = path.join(scratch, 'still-being-written');
    fs.writeFileSync(left, 'half an upload');
    fs.writeFileSync(recent, 'an upload in flight');
    const old = new Date(clock.now().getTime() - (STALE_SECONDS + 60) * 1000);
    fs.utimesSync(left, old, old);
    fs.utimesSync(recent, clock.now(), clock.now());

    expect((await w.t.composition.get(T.MediaHousekeeping).sweep()).scratchFiles).to.equal(1);
    expect(fs.existsSync(left)).to.equal(false);
    expect(fs.existsSync(recent)).to.equal(true);
  });

  it('takes a thumbnail time past the video’s end as its last moment, one frame file for both', async () => {
    const id = await w.t.given.media(w.ws, 'video');
    const video = (await w.t.composition.get(T.MediaRepository).findById(id))!;
    const frames = w.t.composition.get(T.MediaFrames);
    const last = await frames.frameAt(video, video.facts!.durationSeconds!);
    expect(await frames.frameAt(video, 1e300)).to.equal(last);
    expect(last).to.match(/-frames\/\d{1,9}\.jpg$/);
    expect(await w.t.composition.get(T.MediaStore).size(last)).to.be.greaterThan(0);
  });
});
