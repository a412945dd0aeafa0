/** One part of a multipart/form-data body. */
export interface FormPart {
  readonly name: string;
  readonly filename: string | null;
  readonly contentType: string | null;
  readonly data: Buffer;
}

/** The parts of a multipart/form-data body (RFC 7578), binary safe; null when it is not one. */
export function parseMultipart(contentType: string | undefined, body: Buffer): Map<string, FormPart> | null {
  const boundary = /^multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = new Map<string, FormPart>();
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const end = body.indexOf(delimiter, afterDelimiter);
    if (end < 0) return null;
    const part = body.subarray(afterDelimiter + 2, end - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const headers = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) return null;
    parts.set(name, {
      name,
      filename: /filename="([^"]*)"/i.exec(headers)?.[1] ?? null,
      contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? null,
      data: part.subarray(split + 4),
    });
    start = end;
  }
  return parts;
}
