import { expect } from 'chai';
import { type MediaKind } from '../../../../domain/media/MediaFacts';
import { PLATFORM_DESCRIPTORS, mediaRulesOf } from '../../../../domain/platform/Platform';

/** The types the media inspector recognises from a file's bytes. */
const INSPECTABLE: Record<MediaKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  video: ['video/mp4', 'video/quicktime', 'video/webm'],
};

describe("each platform's media rules", () => {
  for (const { id, media, capabilities } of PLATFORM_DESCRIPTORS) {
    it(`${id}: accepts some media, of types the inspector recognises, within sane bounds`, () => {
      const kinds = Object.entries(media.kinds) as [MediaKind, NonNullable<(typeof media.kinds)[MediaKind]>][];
      expect(kinds, id).not.to.be.empty;
      for (const [kind, rules] of kinds) {
        expect(rules.mimeTypes, `${id} ${kind}`).not.to.be.empty;
        expect(INSPECTABLE[kind], `${id} ${kind}`).to.include.members([...rules.mimeTypes]);
        expect(rules.maxBytes, `${id} ${kind}`).to.be.greaterThan(0);
        if (rules.minDurationSeconds !== undefined && rules.maxDurationSeconds !== undefined) {
          expect(rules.minDurationSeconds, `${id} ${kind}`).to.be.lessThan(rules.maxDurationSeconds);
        }
        if (rules.aspectRatio) expect(rules.aspectRatio.min, `${id} ${kind}`).to.be.lessThan(rules.aspectRatio.max);
      }
      expect(mediaRulesOf(id)).to.equal(media);
    });

    it(`${id}: counts items in one place only (capabilities or media rules)`, () => {
      expect(capabilities.maxMediaPerSegment !== null && media.maxItemsPerPost !== null, id).to.equal(false);
    });
  }

  it('is frozen with the rest of the descriptor', () => {
    for (const { id, media } of PLATFORM_DESCRIPTORS) {
      expect(Object.isFrozen(media) && Object.isFrozen(media.kinds), id).to.equal(true);
      for (const rules of Object.values(media.kinds)) expect(Object.isFrozen(rules.mimeTypes), id).to.equal(true);
    }
  });
});
