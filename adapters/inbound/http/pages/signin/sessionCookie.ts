import { type AppContext } from '../../state';

/** The browser session's cookie: HttpOnly, SameSite=Lax, and over https Secure and `__Host-` prefixed. */
export interface SessionCookie {
  read(ctx: AppContext): string | undefined;
  set(ctx: AppContext, token: string, expiresAt: Date): void;
  clear(ctx: AppContext): void;
}

export function sessionCookie(secure: boolean): SessionCookie {
  const name = secure ? '__Host-dispatch_session' : 'dispatch_session';
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    read: (ctx) => ctx.cookies.get(name) || undefined,
    // Written by hand, as the CSRF cookie: Koa's helper refuses Secure on a plain-http hop behind a proxy.
    set: (ctx, token, expiresAt) => ctx.append('Set-Cookie', `${name}=${token}; ${attributes}; Expires=${expiresAt.toUTCString()}`),
    clear: (ctx) => ctx.append('Set-Cookie', `${name}=; ${attributes}; Max-Age=0`),
  };
}
