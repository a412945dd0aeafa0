/**
 * Checks a key (or a prefix, which may end with '/') before it becomes a path: relative,
 * '/'-separated segments that are neither empty, '.', '..', nor start with '.' (the local
 * store's temp files do), and no backslash or NUL. Keys come from the service, so a key
 * failing this is a bug; refusing it keeps the bytes under the store's root regardless.
 */
export function assertSafeMediaKey(key: string, { allowTrailingSlash = false } = {}): void {
  const body = allowTrailingSlash && key.endsWith('/') ? key.slice(0, -1) : key;
  const unsafe =
    body.length === 0 ||
    body.startsWith('/') ||
    body.includes('\\') ||
    body.includes('\0') ||
    body.split('/').some((segment) => segment.length === 0 || segment.startsWith('.'));
  if (unsafe) throw new Error(`Refusing media key ${JSON.stringify(key)}: not a plain relative key`);
}
