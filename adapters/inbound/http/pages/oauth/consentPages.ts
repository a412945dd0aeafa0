import { type ConsentView } from '../../../../../application/oauth/ConsentToAuthorization';
import { html, page } from '../../chains/html';
import { grantChoices } from './grantChoices';

export function consentPage(view: ConsentView, csrf: string, error?: string): string {
  return page(
    'Authorize access',
    html`<h1>${view.client.name} wants access to your Dispatch workspace</h1>
<p>If you approve, ${view.client.name} can act for you in the workspace you choose, with the permissions you keep ticked.</p>
${error ? html`<p role="alert"><strong>${error}</strong></p>` : ''}
<form method="post" action="/oauth/authorize/finalize">
<input type="hidden" name="_csrf" value="${csrf}">
<input type="hidden" name="ticket" value="${view.ticket}">
${grantChoicesOf(view)}
</form>`,
  );
}

export const authorizeErrorPage = (message: string): string =>
  page('Cannot authorize', html`<h1>This request cannot go on</h1><p>${message}</p><p>Go back to the application and try again, or tell its makers.</p>`);

const grantChoicesOf = (view: ConsentView) => grantChoices({ requested: view.requestedScopes, workspaces: view.workspaces, hint: null });
