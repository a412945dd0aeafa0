import { type DeviceApprovalView } from '../../../../../application/oauth/DeviceApproval';
import { html, page } from '../../chains/html';
import { signOutForm } from '../signin/signInPages';
import { grantChoices } from './grantChoices';

export function enterCodePage(input: { csrf: string; typed?: string; error?: string }): string {
  return page(
    'Connect a device',
    html`<h1>Connect a device</h1>
<p>Enter the code your device or command line shows.</p>
${input.error ? html`<p role="alert"><strong>${input.error}</strong></p>` : ''}
<form method="post" action="/device">
<input type="hidden" name="_csrf" value="${input.csrf}">
<p><label>Code<br><input name="user_code" autocomplete="off" autocapitalize="characters" spellcheck="false" required value="${input.typed ?? ''}" placeholder="BCDF-GHJK"></label></p>
<p><button type="submit">Continue</button></p>
</form>
${signOutForm(input.csrf)}`,
  );
}

export function approveDevicePage(view: DeviceApprovalView, csrf: string, error?: string): string {
  return page(
    'Approve access',
    html`<h1>${view.client.name} wants access to your Dispatch workspace</h1>
<p>Code <strong><code>${view.userCode}</code></strong>: check it is the one your device shows. Approve only if you started this.</p>
${error ? html`<p role="alert"><strong>${error}</strong></p>` : ''}
<form method="post" action="/device/decide">
<input type="hidden" name="_csrf" value="${csrf}">
<input type="hidden" name="user_code" value="${view.userCode}">
${grantChoices({ requested: view.requestedScopes, workspaces: view.workspaces, hint: view.workspaceHint })}
</form>`,
  );
}

export const deviceDecidedPage = (outcome: 'approved' | 'denied'): string =>
  outcome === 'approved'
    ? page('Device approved', html`<h1>Device approved</h1><p>Go back to your device: it will finish signing in by itself. You can close this page.</p>`)
    : page('Request denied', html`<h1>Request denied</h1><p>The device gets no access. You can close this page.</p>`);
