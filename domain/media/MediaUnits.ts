/** Decimal units, as platforms state their limits ("5 MB"); a limit read as 5 MiB is only looser. */
const KB = 1_000;
const MB = 1_000_000;
const GB = 1_000_000_000;

export const megabytes = (n: number): number => n * MB;
export const gigabytes = (n: number): number => n * GB;
export const minutes = (n: number): number => n * 60;
export const hours = (n: number): number => n * 3600;

/** `12.4 MB`, `512 KB`, `2 GB`, `900 bytes`. */
export function formatBytes(bytes: number): string {
  // Rounding may carry into the next unit: 999,999 bytes is "1 MB", not "1000 KB".
  if (bytes >= GB - 50 * MB) return `${oneDecimal(bytes / GB)} GB`;
  if (bytes >= MB - 50 * KB) return `${oneDecimal(bytes / MB)} MB`;
  if (bytes >= KB) return `${oneDecimal(bytes / KB)} KB`;
  return `${bytes} bytes`;
}

/** `0.5 s`, `45 s`, `3 min`, `2 min 20 s`, `1 h 30 min`. */
export function formatDuration(seconds: number): string {
  if (seconds < 59.95) return `${oneDecimal(seconds)} s`;
  if (seconds < 3570) {
    const whole = Math.round(seconds);
    return joinParts([Math.floor(whole / 60), 'min'], [whole % 60, 's']);
  }
  const wholeMinutes = Math.round(seconds / 60);
  return joinParts([Math.floor(wholeMinutes / 60), 'h'], [wholeMinutes % 60, 'min']);
}

const oneDecimal = (n: number): string => String(Math.round(n * 10) / 10);

const joinParts = (...parts: [number, string][]): string =>
  parts
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
