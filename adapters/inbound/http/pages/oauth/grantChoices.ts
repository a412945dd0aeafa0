import { type WorkspaceChoice } from '../../../../../application/oauth/WorkspaceChoices';
import { isScope, type Scope } from '../../../../../domain/credential/Scope';
import { html, type Html } from '../../chains/html';
import { type AppContext } from '../../state';
import { field } from '../../routers/oauth/clientCredentialsOf';
import { SCOPE_DESCRIPTIONS } from './scopeDescriptions';

/** A scope's checkbox is its own field (`scope.posts:read`): the form chain refuses a repeated name. */
const SCOPE_FIELD = 'scope.';

/**
 * The choices both approval pages offer: one of the person's workspaces (the hint preselected,
 * else the first where their role allows something asked for),
 * and the requested scopes, each ticked, with what it allows; a scope the person's role does not
 * allow in any workspace is shown as such. Approve and deny are two buttons of one form.
 */
export function grantChoices(input: { requested: readonly Scope[]; workspaces: readonly WorkspaceChoice[]; hint: string | null }): Html {
  // The hint, else the first workspace where the person's role allows something asked for.
  const useful = input.workspaces.find((w) => w.offerable.length > 0) ?? input.workspaces[0];
  const selected = input.workspaces.some((w) => w.id === input.hint) ? input.hint : useful?.id;
  return html`<fieldset><legend>Workspace</legend>
${input.workspaces.map(
  (
    w,
  ) => html`<p><label><input type="radio" name="workspace" value="${w.id}"${w.id === selected ? html` checked` : ''}> ${w.name} <small>(you are ${w.role}; it allows ${w.offerable.length} of ${input.requested.length})</small></label></p>
`,
)}</fieldset>
<fieldset><legend>Permissions</legend>
${input.requested.map(
  (s) => html`<p><label><input type="checkbox" name="${SCOPE_FIELD}${s}" value="1" checked> <code>${s}</code>: ${SCOPE_DESCRIPTIONS[s]}</label></p>
`,
)}<p><small>Untick what you do not want to grant. A permission your role in the chosen workspace does not have is never granted.</small></p></fieldset>
<p><button type="submit" name="decision" value="approve">Approve</button> <button type="submit" name="decision" value="deny">Deny</button></p>`;
}

/** What the person chose, read back from the form. */
export function chosenGrant(ctx: AppContext): { approve: false } | { approve: true; workspaceId: string; scopes: Scope[] } {
  if (field(ctx, 'decision') !== 'approve') return { approve: false };
  const body = (ctx.request.body ?? {}) as Record<string, string>;
  const scopes = Object.keys(body)
    .filter((name) => name.startsWith(SCOPE_FIELD))
    .map((name) => name.slice(SCOPE_FIELD.length))
    .filter(isScope);
  return { approve: true, workspaceId: field(ctx, 'workspace') ?? '', scopes };
}
