/** One field of a `multipart/form-data` body. */
export interface FormPart {
  readonly name: string;
  readonly filename: string | null;
  readonly contentType: string | null;
  readonly value: Buffer;
}

/** The fields of a `multipart/form-data` body in their order; null when it is not one. */
export function parseMultipart(contentType: string | undefined, body: Buffer): FormPart[] | null {
  const boundary = /^multipart\/form-data;\s*boundary=("?)([^";]+)\1/i.exec(contentType ?? '')?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at !== 0) return null;
  while (true) {
    const afterDelimiter = at + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') return parts;
    const headersEnd = body.indexOf('\r\n\r\n', afterDelimiter);
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd);
    if (headersEnd < 0 || next < 0) return null;
    const headers = body.subarray(afterDelimiter + 2, headersEnd).toString('utf8');
    const name = /name="([^"]*)"/.exec(headers)?.[1];
    if (name === undefined) return null;
    parts.push({
      name,
      filename: /filename="([^"]*)"/.exec(headers)?.[1] ?? null,
      contentType: /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? null,
      value: body.subarray(headersEnd + 4, next),
    });
    at = next + 2;
  }
}
