import { type PlatformGrant } from '../../../../../application/ports/platforms/PlatformGrant';

const DATE_FIELDS = ['accessExpiresAt', 'refreshExpiresAt'] as const;

/** A grant as JSON text (dates as ISO strings), and back: what is sealed at rest. */
export function encodeGrant(grant: PlatformGrant): string {
  return JSON.stringify(grant);
}

export function decodeGrant(text: string): PlatformGrant {
  const raw = JSON.parse(text) as Record<string, unknown>;
  if (raw.kind !== 'oauth2' && raw.kind !== 'atproto_session' && raw.kind !== 'farcaster_signer')
    throw new Error(`stored grant has an unknown kind (${String(raw.kind)})`);
  for (const field of DATE_FIELDS) {
    if (typeof raw[field] === 'string') raw[field] = new Date(raw[field] as string);
  }
  return raw as unknown as PlatformGrant;
}
