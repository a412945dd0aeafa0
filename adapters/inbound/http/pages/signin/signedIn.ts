import { type BrowserSessions } from '../../../../../application/auth/BrowserSessions';
import { type AppContext } from '../../state';
import { type SessionCookie } from './sessionCookie';

/** Where a page that needs a person sends them first, coming back to `next` (a path of ours) afterwards. */
export const signInPath = (next: string): string => `/signin?${new URLSearchParams({ next })}`;

/** A path on this site to come back to: never another origin (`//x`, `/\x`), never a scheme. */
export const safeNext = (raw: unknown): string => (typeof raw === 'string' && /^\/(?![/\\])/.test(raw) ? raw : '/signin');

/** The signed-in person's user id, or null: a page then redirects to sign-in (GET) or refuses (POST). */
export async function signedInUser(ctx: AppContext, sessions: BrowserSessions, cookie: SessionCookie): Promise<string | null> {
  return (await sessions.resolve(cookie.read(ctx)))?.userId ?? null;
}
