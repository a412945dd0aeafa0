import { html, type Html, page } from '../../chains/html';

export function signInPage(input: { csrf: string; next: string; email?: string; error?: string }): string {
  return page(
    'Sign in',
    html`<h1>Sign in to Dispatch</h1>
${input.error ? html`<p role="alert"><strong>${input.error}</strong></p>` : ''}
<form method="post" action="/signin">
<input type="hidden" name="_csrf" value="${input.csrf}">
<input type="hidden" name="next" value="${input.next}">
<p><label>Email<br><input type="email" name="email" autocomplete="username" required value="${input.email ?? ''}"></label></p>
<p><label>Password<br><input type="password" name="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p>
</form>`,
  );
}

export const signedInPage = (csrf: string): string =>
  page('Signed in', html`<h1>You are signed in</h1><p>You can close this page, or go back to the application that sent you here.</p>${signOutForm(csrf)}`);

export const signedOutPage = (): string => page('Signed out', html`<h1>You are signed out</h1><p><a href="/signin">Sign in again</a></p>`);

export const signOutForm = (csrf: string): Html =>
  html`<form method="post" action="/signout"><input type="hidden" name="_csrf" value="${csrf}"><button type="submit">Sign out</button></form>`;
