import { expect } from 'chai';
import { checkMediaForPlatform } from '../../../../domain/post/checkMediaForPlatform';
import { type MediaFacts } from '../../../../domain/media/MediaFacts';
import { type Platform, PLATFORMS } from '../../../../domain/platform/Platform';
import { ValidationProblems } from '../../../../domain/shared/ValidationProblems';
import { jpeg, mp4 } from '../media/mediaFacts';

const MEDIA = 'groups[0].segments[1].media';

/** The problems one segment holding `facts` (in order) raises on `platform`. */
function problemsFor(platform: Platform, facts: readonly MediaFacts[]): { path: string; message: string }[] {
  const problems = new ValidationProblems();
  const items = facts.map((f, i) => ({ path: `${MEDIA}[${i}]`, facts: f }));
  checkMediaForPlatform({ path: MEDIA, items }, platform, problems);
  return [...problems.details];
}

const times = (n: number, make: () => MediaFacts): MediaFacts[] => Array.from({ length: n }, make);

describe('checkMediaForPlatform', () => {
  describe('lets fit media through', () => {
    const fits: [Platform, MediaFacts[]][] = [
      ['BLUESKY', times(4, () => jpeg())],
      ['BLUESKY', [mp4()]],
      ['TWITTER', [jpeg(), jpeg({ mimeType: 'image/gif' })]],
      ['INSTAGRAM', [jpeg({ width: 1080, height: 1350 }), jpeg({ width: 1080, height: 566 }), mp4()]],
      ['INSTAGRAM', times(10, () => jpeg())],
      ['THREADS', [jpeg({ mimeType: 'image/png' }), mp4({ mimeType: 'video/quicktime' })]],
      ['YOUTUBE', [mp4({ durationSeconds: 3600, sizeBytes: 2_000_000_000 })]],
      ['TIKTOK', [mp4({ mimeType: 'video/webm' })]],
      ['PINTEREST', times(5, () => jpeg())],
      ['FARCASTER', [jpeg(), mp4()]],
      ['LINKEDIN', []],
    ];
    for (const [platform, facts] of fits) {
      it(`${platform}: ${facts.map((f) => f.mimeType).join(', ') || 'no media'}`, () => {
        expect(problemsFor(platform, facts)).to.deep.equal([]);
      });
    }
  });

  describe('reports each broken rule at its path, naming the platform and the limit', () => {
    const cases: { rule: string; platform: Platform; facts: MediaFacts[]; path: string; message: string }[] = [
      {
        rule: 'a kind the platform refuses',
        platform: 'YOUTUBE',
        facts: [jpeg()],
        path: `${MEDIA}[0]`,
        message: 'is an image; YOUTUBE accepts only videos',
      },
      {
        rule: 'a type the platform refuses',
        platform: 'INSTAGRAM',
        facts: [jpeg(), jpeg({ mimeType: 'image/gif' })],
        path: `${MEDIA}[1]`,
        message: 'INSTAGRAM does not accept GIF images (image/gif); it accepts image/jpeg',
      },
      {
        rule: 'a file too large',
        platform: 'TWITTER',
        facts: [jpeg({ sizeBytes: 12_400_000 })],
        path: `${MEDIA}[0]`,
        message: 'is 12.4 MB; TWITTER allows at most 5 MB for images',
      },
      {
        rule: 'a blob over Bluesky’s 1 MB',
        platform: 'BLUESKY',
        facts: [jpeg({ sizeBytes: 1_500_000 })],
        path: `${MEDIA}[0]`,
        message: 'is 1.5 MB; BLUESKY allows at most 1 MB for images',
      },
      {
        rule: 'a video too long',
        platform: 'BLUESKY',
        facts: [mp4({ durationSeconds: 200 })],
        path: `${MEDIA}[0]`,
        message: 'is 3 min 20 s long; BLUESKY allows at most 3 min for videos',
      },
      {
        rule: 'a video too short',
        platform: 'PINTEREST',
        facts: [mp4({ durationSeconds: 2 })],
        path: `${MEDIA}[0]`,
        message: 'is 2 s long; PINTEREST needs at least 4 s for videos',
      },
      {
        rule: 'an aspect ratio out of range',
        platform: 'INSTAGRAM',
        facts: [jpeg({ width: 1080, height: 2160 })],
        path: `${MEDIA}[0]`,
        message: 'has an aspect ratio of 0.50 (1080×2160); INSTAGRAM accepts 0.80 to 1.91 for images',
      },
      {
        rule: 'images and videos mixed',
        platform: 'TWITTER',
        facts: [jpeg(), mp4()],
        path: MEDIA,
        message: 'mixes images and videos; TWITTER does not allow both in one post',
      },
      {
        rule: 'a video not alone',
        platform: 'BLUESKY',
        facts: [mp4(), mp4()],
        path: MEDIA,
        message: 'holds 2 items including a video; BLUESKY allows a video only on its own',
      },
      {
        rule: 'too many items in one post',
        platform: 'INSTAGRAM',
        facts: times(11, () => jpeg()),
        path: MEDIA,
        message: 'holds 11 items; INSTAGRAM allows at most 10 in one post',
      },
    ];
    for (const c of cases) {
      it(`${c.rule} (${c.platform})`, () => {
        expect(problemsFor(c.platform, c.facts)).to.deep.equal([{ path: c.path, message: c.message }]);
      });
    }
  });

  it('reports every problem of one item, and of each item', () => {
    const tooBigAndLong = mp4({ mimeType: 'video/webm', sizeBytes: 600_000_000, durationSeconds: 4000 });
    expect(problemsFor('TWITTER', [tooBigAndLong]).map((p) => p.message)).to.deep.equal([
      'TWITTER does not accept WebM videos (video/webm); it accepts video/mp4, video/quicktime',
      'is 600 MB; TWITTER allows at most 512 MB for videos',
      'is 1 h 7 min long; TWITTER allows at most 2 min 20 s for videos',
    ]);
    expect(problemsFor('INSTAGRAM', [jpeg({ mimeType: 'image/png' }), jpeg({ mimeType: 'image/webp' })]).map((p) => p.path)).to.deep.equal([
      `${MEDIA}[0]`,
      `${MEDIA}[1]`,
    ]);
  });

  it('leaves the per-segment count to the capabilities where they set one (reported once, by checkGroupForPlatform)', () => {
    expect(
      problemsFor(
        'TWITTER',
        times(5, () => jpeg()),
      ),
    ).to.deep.equal([]);
  });

  it('checks every platform without throwing', () => {
    for (const platform of PLATFORMS) expect(() => problemsFor(platform, [jpeg(), mp4()]), platform).not.to.throw();
  });
});
