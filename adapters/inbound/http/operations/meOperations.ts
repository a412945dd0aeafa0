import { type GetCurrentUser } from '../../../../application/me/GetCurrentUser';
import { type ListMyWorkspaces } from '../../../../application/me/ListMyWorkspaces';
import { type ManageEmailPreferences } from '../../../../application/me/ManageEmailPreferences';
import { type EmailOptIns } from '../../../../domain/email/EmailOptIns';
import { EmailPreferencesBody } from '../dto/EmailPreferencesBody';
import { schemaRef } from '../openapi/refs';
import { presentCurrentUser, presentMyWorkspace } from '../presenters/present';
import { credentialOf } from '../state';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';

export interface MeUseCases {
  readonly getCurrentUser: GetCurrentUser;
  readonly listMyWorkspaces: ListMyWorkspaces;
}

const ANY_CREDENTIAL = "Any valid credential; the preferences are its person's, whichever workspace an API key or OAuth token is bound to.";

/** The authenticated caller and its workspaces: any valid credential. */
export const ME_OPERATIONS: ApiOperations<MeUseCases> = [
  {
    method: 'get',
    path: '/v1/me',
    operationId: 'me.current',
    summary: 'The authenticated user and the credential in use',
    description: 'Any valid credential. 404 only if the user is deleted while the request runs.',
    tags: ['me'],
    scope: null,
    success: { status: 200, description: 'The user.', schema: schemaRef('CurrentUser') },
    errors: [402, 404],
    async handle(ctx, { getCurrentUser }) {
      ctx.body = presentCurrentUser(await getCurrentUser.execute(credentialOf(ctx)));
    },
  },
  {
    method: 'get',
    path: '/v1/me/workspaces',
    operationId: 'me.workspaces',
    summary: "The caller's workspace memberships",
    description: 'Any valid credential. An API key or OAuth token sees only the workspace it is bound to.',
    tags: ['me'],
    scope: null,
    success: { status: 200, description: 'The memberships.', schema: schemaRef('MyWorkspaceList') },
    errors: [402],
    async handle(ctx, { listMyWorkspaces }) {
      ctx.body = { data: (await listMyWorkspaces.execute(credentialOf(ctx))).map(presentMyWorkspace) };
    },
  },
];

/** The caller's own email preferences: any valid credential, always its person's (docs/product.md). */
export const EMAIL_PREFERENCE_OPERATIONS: ApiOperations<ManageEmailPreferences> = [
  {
    method: 'get',
    path: '/v1/me/email-preferences',
    operationId: 'me.emailPreferences',
    summary: "The caller's email preferences",
    description: `${ANY_CREDENTIAL} A person who never chose gets the defaults.`,
    tags: ['me'],
    scope: null,
    success: { status: 200, description: 'The preferences.', schema: schemaRef('EmailPreferences') },
    errors: [402],
    async handle(ctx, preferences) {
      ctx.body = present(await preferences.read(credentialOf(ctx).userId));
    },
  },
  {
    method: 'put',
    path: '/v1/me/email-preferences',
    operationId: 'me.updateEmailPreferences',
    summary: "Replaces the caller's email preferences",
    description: `${ANY_CREDENTIAL} Both fields are required JSON booleans (a string, null, a missing or an extra field: 422 invalid_body naming it). Setting the same values again changes nothing, so no Idempotency-Key is needed.`,
    tags: ['me'],
    scope: null,
    requestBody: { description: 'Both preferences.', schema: schemaRef('EmailPreferences') },
    success: { status: 200, description: 'The preferences now stored.', schema: schemaRef('EmailPreferences') },
    errors: [402],
    async handle(ctx, preferences) {
      const body = validateBody(EmailPreferencesBody, ctx.request.body);
      ctx.body = present(await preferences.replace(credentialOf(ctx).userId, body));
    },
  },
];

const present = (optIns: EmailOptIns) => ({ productLifecycleEnabled: optIns.productLifecycleEnabled, marketingEnabled: optIns.marketingEnabled });
