/**
 * How a platform measures text. Each platform enforces its limit in its own unit, so
 * counting JavaScript's UTF-16 `length` would refuse valid emoji-rich posts on some
 * platforms and let too-long ones through on others.
 */
export type TextUnit = 'code_points' | 'graphemes' | 'utf8_bytes' | 'utf16_units' | 'emoji_as_utf8_bytes';

// One shared segmenter: building one per call is costly and it holds no state between calls.
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const utf8 = new TextEncoder();

export function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** User-perceived characters: a family emoji or a flag counts as one (Bluesky's rule). */
export function countGraphemes(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

export const countUtf8Bytes = (text: string): number => utf8.encode(text).length;

/** JavaScript's own length: an emoji outside the Basic Multilingual Plane counts two (TikTok's "runes"). */
export const countUtf16Units = (text: string): number => text.length;

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** Characters, but an emoji as the bytes of its UTF-8 encoding (Threads' rule: a 😀 counts four). */
export function countEmojiAsUtf8Bytes(text: string): number {
  let count = 0;
  for (const { segment } of graphemes.segment(text)) count += EMOJI.test(segment) ? utf8.encode(segment).length : countCodePoints(segment);
  return count;
}

export function measureText(text: string, unit: TextUnit): number {
  switch (unit) {
    case 'code_points':
      return countCodePoints(text);
    case 'graphemes':
      return countGraphemes(text);
    case 'utf8_bytes':
      return countUtf8Bytes(text);
    case 'utf16_units':
      return countUtf16Units(text);
    case 'emoji_as_utf8_bytes':
      return countEmojiAsUtf8Bytes(text);
  }
}

export function describeUnit(unit: TextUnit): string {
  switch (unit) {
    case 'code_points':
      return 'characters';
    case 'graphemes':
      return 'graphemes';
    case 'utf8_bytes':
      return 'bytes (UTF-8)';
    case 'utf16_units':
      return 'UTF-16 units (an emoji counts two)';
    case 'emoji_as_utf8_bytes':
      return 'characters (an emoji as its UTF-8 bytes)';
  }
}
