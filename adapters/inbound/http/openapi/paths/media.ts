import { PAGE_HEADERS } from '../../chains/responseHeaders';
import { rateLimitHeaders, requestIdHeader } from '../headers';
import { noCredential } from '../security';
import { type HeaderObject, type ParameterObject, type PathMap, type ResponseObject } from '../types';

/** A path parameter naming one thing by its id. */
export const pathParameter = (name: string, description: string): ParameterObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', minLength: 1 },
});

/** Bytes of any kind, as a body or an answer. */
export const binary = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };

const pageHeader = (name: keyof typeof PAGE_HEADERS, description: string): HeaderObject => ({
  description,
  required: true,
  schema: { type: 'string', const: PAGE_HEADERS[name] },
});

const fileHeaders: Record<string, HeaderObject> = {
  'X-Request-Id': requestIdHeader,
  'Content-Security-Policy': pageHeader('Content-Security-Policy', "The service's pages' policy: nothing in the file runs or loads anything."),
  'X-Content-Type-Options': pageHeader('X-Content-Type-Options', 'Browsers must not guess another type than the one read from the bytes.'),
  'Accept-Ranges': { description: 'Byte ranges are served.', required: true, schema: { type: 'string', const: 'bytes' } },
  'Cache-Control': {
    description: 'A cache may keep it briefly for this client only.',
    required: true,
    schema: { type: 'string', const: 'private, max-age=300' },
  },
  ...rateLimitHeaders(false),
};

const fileResponse = (description: string, extra: Record<string, HeaderObject> = {}): ResponseObject => ({
  description,
  headers: { ...fileHeaders, ...extra },
  content: { '*/*': binary },
});

const pageError = (description: string): ResponseObject => ({
  description,
  headers: { 'X-Request-Id': requestIdHeader },
  content: { 'text/html': { schema: { type: 'string' } } },
});

const linkQuery: ParameterObject[] = [
  { name: 'expires', in: 'query', required: true, description: 'Unix time (seconds) the link stops working.', schema: { type: 'string', pattern: '^[0-9]+$' } },
  { name: 'signature', in: 'query', required: true, description: "The service's signature of the path and expires.", schema: { type: 'string' } },
  {
    name: 'Range',
    in: 'header',
    required: false,
    description: 'One byte range, bytes=a-b or bytes=a-; anything else is served whole.',
    schema: { type: 'string' },
  },
];

const signedFileResponses: Record<number, ResponseObject> = {
  200: fileResponse('The whole file, with the media type read from its bytes.'),
  206: fileResponse('The range asked for.', {
    'Content-Range': { description: 'bytes a-b/size', required: true, schema: { type: 'string', pattern: '^bytes [0-9]+-[0-9]+/[0-9]+$' } },
  }),
  404: pageError('No file: unknown, deleted, or the link is not genuine or has expired.'),
  416: {
    description: 'The range starts at or past the end of the file; Content-Range gives its size.',
    headers: {
      'X-Request-Id': requestIdHeader,
      'Content-Range': { description: 'bytes */size', required: true, schema: { type: 'string', pattern: '^bytes \\*/[0-9]+$' } },
    },
  },
  429: pageError('Too many requests from this client address; wait Retry-After seconds.'),
  500: pageError('An unexpected failure.'),
};

/** The signed, expiring links to stored files (MediaLinks): no credential, the signature is the permission. */
const signedFilePaths: PathMap = {
  '/media/files/{id}': {
    get: {
      operationId: 'media.file',
      summary: 'The file behind a signed link',
      description:
        "What a media item's `url` points to when files are on the service's own disk (an S3 store hands out its own presigned URLs instead). " +
        'No credential: the signature is the permission, until `expires`. A link tampered with, expired, or to a deleted item answers 404, as a missing file does. ' +
        'A Range header (bytes=a-b or bytes=a-) is answered 206 with that slice. Served on the pages surface: its errors are HTML.',
      tags: ['media'],
      security: noCredential,
      parameters: [pathParameter('id', 'The media item.'), ...linkQuery],
      responses: signedFileResponses,
    },
  },
  '/media/files/{id}/frames/{frame}': {
    get: {
      operationId: 'media.frame',
      summary: "A video's frame behind a signed link",
      description:
        'The JPEG frame of a video a post segment uses as its thumbnail (thumbnailTimestamp), as platforms that fetch media by URL load it. Signed links as for media.file.',
      tags: ['media'],
      security: noCredential,
      parameters: [
        pathParameter('id', 'The video.'),
        { ...pathParameter('frame', 'The frame: its time in milliseconds, then .jpg.'), schema: { type: 'string', pattern: '^[0-9]{1,9}\\.jpg$' } },
        ...linkQuery,
      ],
      responses: signedFileResponses,
    },
  },
};

/** The signed links to the library's files, on the pages surface (the library's operations: operations/media*Operations.ts). */
export const mediaPaths: PathMap = signedFilePaths;
