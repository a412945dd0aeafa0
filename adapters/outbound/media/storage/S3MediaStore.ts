import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type Readable, Transform } from 'node:stream';
import { type ByteRange, type MediaStore, type StoredObject } from '../../../../application/ports/MediaStore';
import { assertSafeMediaKey } from './mediaKeys';

/*
 * lib-storage holds each part in memory until it is sent, so one put holds at most
 * (PARTS_IN_FLIGHT + 1) × PART_BYTES: about 15 MiB, whatever the file's size.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export interface S3MediaStoreOptions {
  readonly bucket: string;
  readonly region: string;
  /** For S3-compatible services (MinIO, R2, …); AWS itself needs none. */
  readonly endpoint?: string;
  readonly forcePathStyle?: boolean;
  /** Without them the SDK's default chain applies (environment, instance role, …). */
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
  /** Prepended to every key, so one bucket can hold several deployments. */
  readonly keyPrefix?: string;
}

/**
 * Media bytes in an S3-compatible bucket, for several instances sharing them
 * (docs/decisions.md, "Media"). Uploads stream in parts through lib-storage, so a file is
 * never held whole in memory; downloads can bypass the service through presigned URLs.
 */
export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly keyPrefix: string;

  constructor(options: S3MediaStoreOptions) {
    this.bucket = options.bucket;
    this.keyPrefix = options.keyPrefix ?? '';
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: many S3-compatible services reject or
      // mis-store the SDK's default streamed (aws-chunked) checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<{ readonly sizeBytes: number }> {
    const objectKey = this.objectKey(key);
    let sizeBytes = 0;
    let sourceError: unknown;
    const counted = body.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sizeBytes += chunk.length;
          done(null, chunk);
        },
      }),
    );
    body.once('error', (error) => {
      sourceError = error;
      counted.destroy(error);
    });
    // lib-storage reads `counted` once the upload starts: a failure before then stays on the stream.
    counted.on('error', () => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: objectKey, Body: counted, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
    });
    try {
      await upload.done();
    } catch (error) {
      body.unpipe(counted);
      counted.destroy();
      // lib-storage aborts the multipart upload itself; should that abort fail too, its
      // error replaces the original, so the stream's own error is the one reported.
      throw sourceError ?? error;
    }
    return { sizeBytes };
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
    });
    const response = await this.client.send(command).catch(nullWhenMissing);
    if (!response?.Body) return null;
    const body = response.Body as Readable;
    const sizeBytes = wholeSizeFromContentRange(response.ContentRange) ?? response.ContentLength ?? (await this.size(key));
    if (sizeBytes === null) {
      body.destroy();
      return null;
    }
    return { body, sizeBytes };
  }

  async size(key: string): Promise<number | null> {
    const response = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })).catch(nullWhenMissing);
    return response?.ContentLength ?? null;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeMediaKey(prefix, { allowTrailingSlash: true });
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.keyPrefix + prefix, ContinuationToken: continuationToken }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        const failed = result.Errors ?? [];
        if (failed.length > 0)
          throw new Error(`Could not delete ${failed.length} object(s) under ${prefix}: ${failed[0].Code ?? ''} ${failed[0].Message ?? ''}`);
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async presignedUrl(key: string, expiresInSeconds: number, contentType: string): Promise<string | null> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), ResponseContentType: contentType });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  /** Releases the client's sockets. */
  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertSafeMediaKey(key);
    return this.keyPrefix + key;
  }
}

function nullWhenMissing(error: unknown): null {
  const missing = error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
  if (missing) return null;
  throw error;
}

/** "bytes 0-99/1234" → 1234; null when absent or the total is unknown ("*"). */
function wholeSizeFromContentRange(contentRange: string | undefined): number | null {
  const total = contentRange?.match(/\/(\d+)$/)?.[1];
  return total === undefined ? null : Number(total);
}
