import { expect } from 'chai';
import { PLATFORMS, capabilitiesOf, isPlatform } from '../../../../domain/platform/Platform';
import { countCodePoints, countGraphemes, countUtf8Bytes, measureText } from '../../../../domain/platform/TextLength';

describe('Platform', () => {
  it('lists the ten platforms of docs/spec.md', () => {
    expect(PLATFORMS).to.have.members(['BLUESKY', 'FACEBOOK', 'FARCASTER', 'INSTAGRAM', 'LINKEDIN', 'PINTEREST', 'THREADS', 'TIKTOK', 'TWITTER', 'YOUTUBE']);
    expect(isPlatform('TWITTER')).to.equal(true);
    expect(isPlatform('twitter')).to.equal(false);
    expect(isPlatform(42)).to.equal(false);
  });

  it('knows each text limit and unit of docs/product.md', () => {
    const limits = Object.fromEntries(PLATFORMS.map((p) => [p, [capabilitiesOf(p).textLimit, capabilitiesOf(p).textUnit]]));
    expect(limits).to.deep.equal({
      TWITTER: [280, 'code_points'],
      BLUESKY: [300, 'graphemes'],
      THREADS: [500, 'emoji_as_utf8_bytes'],
      LINKEDIN: [3000, 'code_points'],
      INSTAGRAM: [2200, 'code_points'],
      TIKTOK: [2200, 'utf16_units'],
      PINTEREST: [500, 'code_points'],
      YOUTUBE: [5000, 'code_points'],
      FACEBOOK: [63206, 'code_points'],
      FARCASTER: [1024, 'utf8_bytes'],
    });
  });

  it('says which platforms need media', () => {
    expect(PLATFORMS.filter((p) => capabilitiesOf(p).requiresMedia)).to.have.members(['INSTAGRAM', 'TIKTOK', 'YOUTUBE', 'PINTEREST']);
  });

  it('says what later segments become', () => {
    const by = (kind: string) => PLATFORMS.filter((p) => capabilitiesOf(p).followUpSegments === kind);
    expect(by('thread')).to.have.members(['TWITTER', 'BLUESKY', 'THREADS', 'FARCASTER']);
    expect(by('comments')).to.have.members(['LINKEDIN', 'INSTAGRAM', 'FACEBOOK', 'YOUTUBE']);
    expect(by('refused')).to.have.members(['TIKTOK', 'PINTEREST']);
  });

  it('caps media per segment where docs/platforms.md gives a count', () => {
    expect(capabilitiesOf('TWITTER').maxMediaPerSegment).to.equal(4);
    expect(capabilitiesOf('BLUESKY').maxMediaPerSegment).to.equal(4);
    expect(capabilitiesOf('FARCASTER').maxMediaPerSegment).to.equal(2);
    expect(capabilitiesOf('THREADS').maxMediaPerSegment).to.equal(20);
    expect(capabilitiesOf('YOUTUBE').maxMediaPerSegment).to.equal(1);
    expect(capabilitiesOf('LINKEDIN').maxMediaPerSegment).to.equal(null);
  });
});

describe('TextLength', () => {
  const family = '👨‍👩‍👧‍👦'; // 7 code points, 11 UTF-16 units, 25 bytes, 1 grapheme

  it('counts code points, not UTF-16 units', () => {
    expect(countCodePoints('abc')).to.equal(3);
    expect(countCodePoints('😀')).to.equal(1);
    expect('😀'.length).to.equal(2);
    expect(countCodePoints(family)).to.equal(7);
  });

  it('counts graphemes: a family emoji, a flag and a combining accent are one each', () => {
    expect(countGraphemes(family)).to.equal(1);
    expect(countGraphemes('🇫🇷')).to.equal(1);
    expect(countGraphemes('e\u0301')).to.equal(1);
    expect(countGraphemes(`hi ${family}`)).to.equal(4);
  });

  it('counts UTF-8 bytes', () => {
    expect(countUtf8Bytes('abc')).to.equal(3);
    expect(countUtf8Bytes('é')).to.equal(2);
    expect(countUtf8Bytes('€')).to.equal(3);
    expect(countUtf8Bytes('😀')).to.equal(4);
    expect(countUtf8Bytes(family)).to.equal(25);
  });

  it('measures in the unit asked for', () => {
    expect(measureText(family, 'code_points')).to.equal(7);
    expect(measureText(family, 'graphemes')).to.equal(1);
    expect(measureText(family, 'utf8_bytes')).to.equal(25);
    expect(measureText(family, 'utf16_units')).to.equal(family.length);
    expect(measureText(`ok ${family}`, 'emoji_as_utf8_bytes')).to.equal(3 + 25);
  });
});
