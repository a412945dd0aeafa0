import { type IncomingHttpHeaders } from 'node:http';
import { type DiscoveryMethod, type Finding, maxSizeOf } from './discoveryDocument';
import { type Routed } from './discoveryRoutes';

/** The JSON resource an upload carries beside its media, for the caller to check like any body. */
export interface Metadata {
  readonly contentType: string | undefined;
  readonly bytes: Buffer;
}

interface UploadRequest {
  readonly headers: IncomingHttpHeaders;
  readonly query: URLSearchParams;
  readonly body: Buffer;
}

/** Resumable chunks are whole multiples of 256 KiB but for the last (docs/platforms.md, YouTube). */
const CHUNK_UNIT = 256 * 1024;

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};

const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() ?? '';

/** Whether `contentType` is one `mediaUpload.accept` names (`video/*`, `*\/*`, `application/octet-stream`). */
function accepted(method: DiscoveryMethod, contentType: string | undefined): boolean {
  const type = mediaTypeOf(contentType);
  return (method.mediaUpload?.accept ?? ['*/*']).some((pattern) => {
    const [major, minor] = pattern.toLowerCase().split('/');
    const [typeMajor, typeMinor] = type.split('/');
    return (major === '*' || major === typeMajor) && (minor === '*' || minor === typeMinor) && typeMinor !== undefined;
  });
}

function mediaFindings(method: DiscoveryMethod, field: string, contentType: string | undefined, size: number | null): Finding[] {
  const findings: Finding[] = [];
  if (!accepted(method, contentType)) {
    findings.push({ field, rule: `must be one of ${(method.mediaUpload?.accept ?? []).join(', ')}, not "${contentType ?? ''}"` });
  }
  const max = maxSizeOf(method);
  if (size !== null && max !== null && size > max) findings.push({ field: 'media', rule: `${size} bytes is over the method's maxSize ${max}` });
  return findings;
}

/**
 * A resumable session's start: the file's size and type in `X-Upload-Content-Length` and
 * `X-Upload-Content-Type`, the resource (if any) as the JSON body.
 */
function resumableStart(method: DiscoveryMethod, { headers, body }: UploadRequest): { findings: Finding[]; metadata: Metadata | null } {
  const findings: Finding[] = [];
  const length = header(headers, 'x-upload-content-length');
  if (length === undefined || !/^\d+$/.test(length)) {
    findings.push({ field: 'header.X-Upload-Content-Length', rule: `must be the file's size in bytes, not "${length ?? ''}"` });
  }
  const type = header(headers, 'x-upload-content-type');
  findings.push(...mediaFindings(method, 'header.X-Upload-Content-Type', type, length === undefined || !/^\d+$/.test(length) ? null : Number(length)));
  return { findings, metadata: body.length ? { contentType: header(headers, 'content-type'), bytes: body } : null };
}

/** `multipart/related`: the resource as JSON, then the media (Google's multipart upload). */
function multipart(method: DiscoveryMethod, { headers, body }: UploadRequest): { findings: Finding[]; metadata: Metadata | null } {
  const contentType = header(headers, 'content-type');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (mediaTypeOf(contentType) !== 'multipart/related' || !boundary) {
    return { findings: [{ field: 'header.Content-Type', rule: `must be multipart/related with a boundary, not "${contentType ?? ''}"` }], metadata: null };
  }
  const parts = body
    .toString('latin1')
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head, ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
      return { type: /^content-type:\s*(.+)$/im.exec(head)?.[1]?.trim(), bytes: Buffer.from(rest.join('\r\n\r\n').replace(/\r\n$/, ''), 'latin1') };
    });
  if (parts.length !== 2)
    return { findings: [{ field: 'body', rule: `a multipart upload has 2 parts (resource, media), not ${parts.length}` }], metadata: null };
  const [resource, media] = parts;
  return {
    findings: mediaFindings(method, 'body.media.Content-Type', media.type, media.bytes.length),
    metadata: { contentType: resource.type, bytes: resource.bytes },
  };
}

/** A request on a media upload path: `uploadType` picks the protocol, each with its own rules. */
export function uploadFindings(method: DiscoveryMethod, routed: Routed, request: UploadRequest): { findings: Finding[]; metadata: Metadata | null } {
  const uploadType = request.query.get('uploadType');
  const { simple, resumable } = method.mediaUpload?.protocols ?? {};
  const offered = [...(simple ? ['media', ...(simple.multipart ? ['multipart'] : [])] : []), ...(resumable ? ['resumable'] : [])];
  const allowed = routed.resumablePath ? ['resumable'] : offered;
  if (uploadType === null || !allowed.includes(uploadType)) {
    return {
      findings: [{ field: 'query.uploadType', rule: `an upload path needs uploadType ${allowed.join(', ')}, not "${uploadType ?? ''}"` }],
      metadata: null,
    };
  }
  if (uploadType === 'resumable') return resumableStart(method, request);
  if (uploadType === 'multipart') return multipart(method, request);
  const media = request.body.length ? mediaFindings(method, 'header.Content-Type', header(request.headers, 'content-type'), request.body.length) : [];
  return { findings: request.body.length ? media : [{ field: 'body', rule: 'a media upload carries the file' }], metadata: null };
}

/**
 * A `PUT` on a resumable session: `Content-Range: bytes {first}-{last}/{size}` with exactly
 * those bytes, or `bytes *\/{size}` and no body to ask how far the upload got; without the
 * header, the whole file at once.
 */
export function sessionFindings(method: DiscoveryMethod, { headers, body }: UploadRequest): Finding[] {
  const range = header(headers, 'content-range');
  const findings: Finding[] = [];
  if (body.length && header(headers, 'content-type') !== undefined)
    findings.push(...mediaFindings(method, 'header.Content-Type', header(headers, 'content-type'), null));
  if (range === undefined) return body.length ? findings : [...findings, { field: 'header.Content-Range', rule: 'a status request needs bytes */{size}' }];
  const match = /^bytes (?:(\d+)-(\d+)|\*)\/(\d+)$/.exec(range);
  if (!match) return [...findings, { field: 'header.Content-Range', rule: `must be bytes {first}-{last}/{size} or bytes */{size}, not "${range}"` }];
  const [, first, last, size] = match;
  const max = maxSizeOf(method);
  if (max !== null && Number(size) > max) findings.push({ field: 'header.Content-Range', rule: `a ${size}-byte file is over the method's maxSize ${max}` });
  if (first === undefined) return body.length ? [...findings, { field: 'body', rule: 'a status request (bytes */size) has no body' }] : findings;
  const [from, to, total] = [Number(first), Number(last), Number(size)];
  if (from > to || to >= total) return [...findings, { field: 'header.Content-Range', rule: `${from}-${to} is not a range within ${total} bytes` }];
  if (body.length !== to - from + 1) findings.push({ field: 'body', rule: `carries ${body.length} bytes, Content-Range says ${to - from + 1}` });
  if (to + 1 < total && (to - from + 1) % CHUNK_UNIT !== 0)
    findings.push({ field: 'header.Content-Range', rule: `a chunk but the last is a multiple of 256 KiB, not ${to - from + 1} bytes` });
  return findings;
}
