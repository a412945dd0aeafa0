import { MEDIA_STATUSES } from '../../../../../domain/media/MediaItem';
import { PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../../contract/requestLimits';
import { schemaRef } from '../refs';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';

const count = (description: string) => ({ type: 'integer', minimum: 0, description });
const nullableCount = (description: string) => nullable(count(description));

/** The media library of a workspace (docs/decisions.md, "Media"). */
export const mediaSchemas: SchemaMap = {
  MediaStatus: {
    type: 'string',
    enum: [...MEDIA_STATUSES],
    description: 'processing: the bytes are being fetched, joined or inspected; ready: usable in posts; failed: see failureReason.',
  },
  Media: closedObject({
    description: 'An image or a video of the media library. What the file is comes from its bytes, never from its name or the type the client claimed.',
    properties: {
      id,
      workspaceId: { type: 'string' },
      status: schemaRef('MediaStatus'),
      failureReason: nullable({ type: 'string', description: 'Why a failed item failed, in words one can act on; null otherwise.' }),
      origin: { type: 'string', enum: ['upload', 'resumable', 'import'], description: 'One request, a resumable upload in parts, or fetched from a URL.' },
      fileName: nullable({ type: 'string', description: 'The name the client gave (shown, never trusted); null when none.' }),
      sourceUrl: nullable({ type: 'string', description: 'Where an imported item was fetched from; null otherwise.' }),
      kind: { type: ['string', 'null'], enum: ['image', 'video', null], description: 'Known once ready; null before.' },
      mimeType: nullable({ type: 'string', description: 'From the bytes (image/png, video/mp4…); null until ready.' }),
      sizeBytes: nullableCount('Size of the stored file; null until ready.'),
      width: nullableCount('Pixels, as stored; null until ready.'),
      height: nullableCount('Pixels, as stored; null until ready.'),
      durationSeconds: nullable({ type: 'number', minimum: 0, description: 'Videos only; null for images and until ready.' }),
      videoCodec: nullable({ type: 'string', description: 'Videos only, as ffprobe names it (h264, hevc, vp9…); null otherwise.' }),
      audioCodec: nullable({ type: 'string', description: 'Videos with sound only (aac, opus…); null otherwise.' }),
      url: nullable({
        type: 'string',
        format: 'uri',
        description:
          "A link to the file that works without a credential until it expires (MEDIA_LINK_TTL_SECONDS): the store's presigned URL (S3) or the service's signed /media/files link. Null until ready.",
      }),
      createdAt: timestamp,
      updatedAt: timestamp,
    },
  }),
  MediaPage: closedObject({
    description: 'One page of media items.',
    properties: {
      data: arrayOf(schemaRef('Media')),
      total: count('Items in the workspace, all pages together.'),
      limit: { type: 'integer', minimum: PAGE_LIMIT_MIN, maximum: PAGE_LIMIT_MAX },
      offset: { type: 'integer', minimum: 0 },
    },
  }),
  ImportMediaRequest: closedObject({
    description: 'A file to fetch from the web.',
    properties: {
      url: {
        type: 'string',
        minLength: 1,
        maxLength: 4096,
        description: 'An absolute http or https URL, without a user name or password. Private and local addresses are refused unless the operator allows them.',
      },
    },
  }),
  CreateUploadRequest: closedObject({
    description: 'A resumable upload to open.',
    properties: {
      sizeBytes: { type: 'integer', minimum: 1, description: 'The whole file, in bytes; up to the resumable limit (MEDIA_MAX_RESUMABLE_BYTES).' },
      fileName: { type: 'string', minLength: 1, maxLength: 200, description: 'Shown, never trusted.' },
    },
    optional: ['fileName'],
  }),
  Upload: closedObject({
    description: 'A resumable upload: send parts 1 to partCount, each exactly partSizeBytes (the last one the rest), in any order, then complete it.',
    properties: {
      id,
      workspaceId: { type: 'string' },
      fileName: nullable({ type: 'string' }),
      sizeBytes: { type: 'integer', minimum: 1 },
      partSizeBytes: { type: 'integer', minimum: 1 },
      partCount: { type: 'integer', minimum: 1 },
      partsReceived: arrayOf({ type: 'integer', minimum: 1 }, 'The part numbers stored so far, ascending.'),
      expiresAt: { ...timestamp, description: 'Left incomplete until then, the upload and its parts are removed.' },
      createdAt: timestamp,
    },
  }),
  UploadPart: closedObject({
    description: 'A part stored.',
    properties: {
      partNumber: { type: 'integer', minimum: 1 },
      sizeBytes: { type: 'integer', minimum: 1 },
    },
  }),
};
