import { type FieldRule } from './fieldRules';
import { formFields, parseMultipart } from './multipartForm';
import { type SeenRequest } from './RequestChecker';

/** `application/json; charset=utf-8` → `application/json`. */
export const bareMediaType = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

export const isJsonMediaType = (mediaType: string): boolean => mediaType === 'application/json' || /^[\w.-]+\/[\w.-]+\+json$/.test(mediaType);

/** The media type of `described` that `contentType` falls under: exact first, then `type/*`, then `*\/*`. */
export function describedMediaType(contentType: string, described: readonly string[]): string | null {
  const bare = bareMediaType(contentType);
  const lowered = described.map((d) => d.toLowerCase());
  const index = [bare, `${bare.split('/')[0]}/*`, '*/*'].map((c) => lowered.indexOf(c)).find((i) => i >= 0);
  return index === undefined ? null : described[index]!;
}

/** How a body of a media type becomes the value its schema describes. */
export type ParsedBody =
  /** `coerced`: sent as text (a form), so numbers and booleans are read from their text, as the platform reads them. */
  | { readonly kind: 'value'; readonly value: unknown; readonly coerced: boolean }
  /** A media type whose bytes no schema describes field by field (a file, a stream). */
  | { readonly kind: 'opaque' }
  | { readonly kind: 'unreadable'; readonly rule: string };

export function parseBody(request: SeenRequest, mediaType: string): ParsedBody {
  const contentType = String(request.headers['content-type'] ?? '');
  if (isJsonMediaType(bareMediaType(mediaType))) {
    try {
      return { kind: 'value', value: JSON.parse(request.body.toString('utf8')), coerced: false };
    } catch (error) {
      return { kind: 'unreadable', rule: `not JSON (${(error as Error).message})` };
    }
  }
  if (bareMediaType(mediaType) === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(request.body.toString('utf8'));
    const value: Record<string, string | string[]> = {};
    for (const name of new Set(form.keys())) value[name] = form.getAll(name).length > 1 ? form.getAll(name) : form.get(name)!;
    return { kind: 'value', value, coerced: true };
  }
  if (bareMediaType(mediaType) === 'multipart/form-data') {
    const parts = parseMultipart(contentType, request.body);
    if (parts === null) return { kind: 'unreadable', rule: 'not a whole multipart/form-data body (a boundary, parts and the closing delimiter)' };
    return { kind: 'value', value: formFields(parts), coerced: true };
  }
  return { kind: 'opaque' };
}

/** The operation's `requestBody` as the document gives it (references followed). */
export interface DescribedBody {
  readonly required?: boolean;
  readonly content?: Record<string, unknown>;
}

/**
 * Whether the request has the body the operation takes: present when required, absent when
 * the operation takes none, sent as one of its media types. Returns the media type whose
 * schema the body is then checked against, or what is wrong.
 */
export function bodyMediaType(request: SeenRequest, described: DescribedBody | undefined): { mediaType: string | null; problems: FieldRule[] } {
  const mediaTypes = Object.keys(described?.content ?? {});
  const takes = mediaTypes.join(', ');
  if (request.body.length === 0) {
    return { mediaType: null, problems: described?.required === true ? [{ field: 'body', rule: `required, and missing (the operation takes ${takes})` }] : [] };
  }
  if (described === undefined || mediaTypes.length === 0) return { mediaType: null, problems: [{ field: 'body', rule: 'the operation takes no body' }] };
  const contentType = request.headers['content-type'];
  if (contentType === undefined) return { mediaType: null, problems: [{ field: 'header.Content-Type', rule: `missing (the operation takes ${takes})` }] };
  const mediaType = describedMediaType(contentType, mediaTypes);
  if (mediaType === null)
    return {
      mediaType: null,
      problems: [{ field: 'header.Content-Type', rule: `${bareMediaType(contentType)} is not a media type the operation takes (${takes})` }],
    };
  return { mediaType, problems: [] };
}
