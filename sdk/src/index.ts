export { createDispatch, type Dispatch, type DispatchMethod, type DispatchOptions, type Success } from './client';
export { type ApiErrorBody, type ApiErrorDetail, DispatchError, isDispatchError } from './errors';
export { type Clock, DEFAULT_RETRY, type RetryOptions, retryAfterMs, systemClock } from './retry';
export type { components, operations, paths, webhooks } from './schema';
export type { Token } from './transport';
export {
  verifyWebhook,
  Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhooks';

import { type components } from './schema';
/** The API's named schemas: `Schemas['Post']`, `Schemas['TargetSettings']` … */
export type Schemas = components['schemas'];
