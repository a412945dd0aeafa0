import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';

const TITLE_MAX_CHARACTERS = 100;
const DESCRIPTION_MAX_BYTES = 5000;

/** YouTube refuses `<` and `>` in titles and descriptions; the full-width forms read the same. */
const withoutAngleBrackets = (text: string) => text.replace(/</g, '＜').replace(/>/g, '＞');

/** The first line of the text, cut to 100 characters: the settings carry no title of their own. */
export function titleOf(text: string): string {
  const firstLine =
    text
      .split(/\r?\n/)
      .find((line) => line.trim().length > 0)
      ?.trim() ?? '';
  const characters = [...withoutAngleBrackets(firstLine)];
  if (characters.length === 0) return 'Video';
  if (characters.length <= TITLE_MAX_CHARACTERS) return characters.join('');
  return `${characters.slice(0, TITLE_MAX_CHARACTERS - 1).join('')}…`;
}

function statusOf(segment: SegmentToPublish): { privacyStatus: string; selfDeclaredMadeForKids: boolean } {
  // The narrowest audience when the settings are not YouTube's (docs/decisions.md, "Platforms").
  if (segment.settings.platform !== 'YOUTUBE') return { privacyStatus: 'private', selfDeclaredMadeForKids: false };
  const { privacy, madeForKids } = segment.settings.values;
  return { privacyStatus: privacy.toLowerCase(), selfDeclaredMadeForKids: madeForKids };
}

export type VideoResource = { readonly ok: true; readonly resource: object } | { readonly ok: false; readonly reason: string };

/**
 * The `video` resource a resumable session starts with (`part=snippet,status`): the title
 * and description from the segment's text, privacy and "made for kids" from its settings.
 */
export function videoResourceOf(segment: SegmentToPublish): VideoResource {
  if (segment.settings.platform === 'YOUTUBE' && segment.settings.values.ageRestriction === true) {
    return { ok: false, reason: 'YouTube’s API cannot age-restrict a video; publish it without, then restrict it in YouTube Studio' };
  }
  const description = withoutAngleBrackets(segment.text);
  if (Buffer.byteLength(description, 'utf8') > DESCRIPTION_MAX_BYTES) {
    return { ok: false, reason: `a YouTube description holds at most ${DESCRIPTION_MAX_BYTES} bytes of UTF-8` };
  }
  return { ok: true, resource: { snippet: { title: titleOf(segment.text), description }, status: statusOf(segment) } };
}
