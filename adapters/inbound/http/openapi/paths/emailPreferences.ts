import { authenticatedOperation } from '../operations';
import { schemaRef } from '../refs';
import { type PathMap } from '../types';

const ANY_CREDENTIAL = "Any valid credential; the preferences are its person's, whichever workspace an API key or OAuth token is bound to.";

export const emailPreferencePaths: PathMap = {
  '/v1/me/email-preferences': {
    get: authenticatedOperation({
      operationId: 'me.emailPreferences',
      summary: "The caller's email preferences",
      description: `${ANY_CREDENTIAL} A person who never chose gets the defaults.`,
      tags: ['me'],
      scope: null,
      success: { status: 200, description: 'The preferences.', schema: schemaRef('EmailPreferences') },
      errors: [402],
    }),
    put: authenticatedOperation({
      operationId: 'me.updateEmailPreferences',
      summary: "Replaces the caller's email preferences",
      description: `${ANY_CREDENTIAL} Both fields are required JSON booleans (a string, null, a missing or an extra field: 422 invalid_body naming it). Setting the same values again changes nothing, so no Idempotency-Key is needed.`,
      tags: ['me'],
      scope: null,
      requestBody: { description: 'Both preferences.', schema: schemaRef('EmailPreferences') },
      success: { status: 200, description: 'The preferences now stored.', schema: schemaRef('EmailPreferences') },
      errors: [402],
    }),
  },
};
