/** What the fake got when it fetched a URL it was given, as Meta's servers do. */
export type Fetched = { readonly ok: true; readonly contentType: string; readonly bytes: number } | { readonly ok: false; readonly reason: string };

/** Fetches `url` and checks its content type starts with `expected` (`image/`, `video/`). */
export async function fetchMedia(url: unknown, expected: string): Promise<Fetched> {
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return { ok: false, reason: `not a URL: ${String(url)}` };
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    const bytes = Buffer.from(await response.arrayBuffer()).length;
    const contentType = response.headers.get('content-type') ?? '';
    if (response.status !== 200) return { ok: false, reason: `${url} answered ${response.status}` };
    if (!contentType.startsWith(expected) || bytes === 0) return { ok: false, reason: `${url} is ${contentType || 'untyped'}, ${bytes} bytes` };
    return { ok: true, contentType, bytes };
  } catch (error) {
    return { ok: false, reason: `${url} could not be fetched (${(error as Error).message})` };
  }
}
