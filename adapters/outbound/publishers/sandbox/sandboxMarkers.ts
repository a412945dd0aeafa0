/**
 * Markers a user puts in a segment's text to make the sandbox fail on purpose, so they can
 * test their own error handling (docs/decisions.md, "The sandbox platform").
 */
export const SANDBOX_MARKERS = {
  reject: '[sandbox:reject]',
  retry: '[sandbox:retry]',
  unknown: '[sandbox:unknown]',
} as const;

export type SandboxMarker = keyof typeof SANDBOX_MARKERS;

/** The first marker the text carries, in the order above; null when it carries none. */
export function markerIn(text: string): SandboxMarker | null {
  const lower = text.toLowerCase();
  for (const [marker, written] of Object.entries(SANDBOX_MARKERS) as [SandboxMarker, string][]) {
    if (lower.includes(written)) return marker;
  }
  return null;
}
