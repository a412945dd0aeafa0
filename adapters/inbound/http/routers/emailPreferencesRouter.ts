import { Router } from '@koa/router';
import { type ManageEmailPreferences } from '../../../../application/me/ManageEmailPreferences';
import { type EmailOptIns } from '../../../../domain/email/EmailOptIns';
import { EmailPreferencesBody } from '../dto/EmailPreferencesBody';
import { credentialOf, type AppState } from '../state';
import { validateBody } from '../validation';

const PATH = '/v1/me/email-preferences';

/** The caller's own email preferences: any valid credential, always its person's (docs/product.md). */
export function emailPreferencesRouter(preferences: ManageEmailPreferences): Router<AppState> {
  const router = new Router<AppState>();
  router.get(PATH, async (ctx) => {
    ctx.body = present(await preferences.read(credentialOf(ctx).userId));
  });
  router.put(PATH, async (ctx) => {
    const body = validateBody(EmailPreferencesBody, ctx.request.body);
    ctx.body = present(await preferences.replace(credentialOf(ctx).userId, body));
  });
  return router;
}

const present = (optIns: EmailOptIns) => ({ productLifecycleEnabled: optIns.productLifecycleEnabled, marketingEnabled: optIns.marketingEnabled });
