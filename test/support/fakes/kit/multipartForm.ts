import busboy from 'busboy';
import { type Readable } from 'node:stream';

/** One part of a `multipart/form-data` body (RFC 7578), in the order sent. */
export interface FormPart {
  readonly name: string;
  /** The part's `filename` (a file part), null for a plain field. */
  readonly filename: string | null;
  readonly contentType: string | null;
  readonly value: Buffer;
}

const boundaryOf = (contentType: string): string | null => /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean) ?? null;

/**
 * The parts of a whole `multipart/form-data` body, or null when it is not one (no boundary, no
 * closing delimiter, a part busboy cannot read). busboy parses a body written to it in one go
 * without waiting: fields come as events during the write and each file's bytes wait in its
 * stream, so the parts are all read before this returns.
 */
export function parseMultipart(contentType: string | undefined, body: Buffer): FormPart[] | null {
  if (!/^multipart\/form-data\s*;/i.test(contentType ?? '')) return null;
  const boundary = boundaryOf(contentType ?? '');
  if (boundary === null || !body.includes(Buffer.from(`--${boundary}--`))) return null;
  const parts: Array<FormPart | { name: string; filename: string; contentType: string; stream: Readable }> = [];
  let broken = false;
  const parser = busboy({ headers: { 'content-type': contentType }, limits: { fieldSize: Number.MAX_SAFE_INTEGER } });
  parser.on('field', (name, value, info) => {
    broken ||= info.valueTruncated;
    parts.push({ name, filename: null, contentType: null, value: Buffer.from(value, 'utf8') });
  });
  parser.on('file', (name, stream, info) => {
    stream.on('error', () => undefined);
    parts.push({ name, filename: info.filename ?? '', contentType: info.mimeType, stream });
  });
  parser.on('error', () => {
    broken = true;
  });
  try {
    parser.end(body);
  } catch {
    return null;
  }
  if (broken) return null;
  return parts.map((part) =>
    'stream' in part ? { name: part.name, filename: part.filename, contentType: part.contentType, value: readAll(part.stream) } : part,
  );
}

function readAll(stream: Readable): Buffer {
  const chunks: Buffer[] = [];
  for (let chunk = stream.read() as Buffer | null; chunk !== null; chunk = stream.read() as Buffer | null) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The first part named `name`. */
export const partNamed = (parts: readonly FormPart[] | null, name: string): FormPart | undefined => parts?.find((p) => p.name === name);

/**
 * The form as the object a schema describes: each field's text, a file part's bytes as a
 * (latin1) string, a name sent twice as an array of its values.
 */
export function formFields(parts: readonly FormPart[]): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const part of parts) {
    const text = part.filename === null ? part.value.toString('utf8') : part.value.toString('latin1');
    const earlier = fields[part.name];
    fields[part.name] = earlier === undefined ? text : [...(Array.isArray(earlier) ? earlier : [earlier]), text];
  }
  return fields;
}
