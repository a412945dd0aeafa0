import { ConfigError, type Env, integer, url } from './envValues';

/** The payment provider (README "Configuration"; docs/decisions.md, "The account surface"). */
export interface PaymentConfig {
  /** Stripe when its keys are set; otherwise the local test-mode checkout. */
  readonly stripe: {
    readonly secretKey: string;
    readonly webhookSecret: string;
    /** STRIPE_API_BASE_URL: another API host (the tests' fake); null for Stripe itself. */
    readonly apiBaseUrl: string | null;
    readonly toleranceSeconds: number;
  } | null;
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export function paymentConfig(env: Env, baseUrl: string): PaymentConfig {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || '';
  if ((secretKey === '') !== (webhookSecret === '')) {
    throw new ConfigError(secretKey === '' ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET', 'Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return {
    stripe:
      secretKey === ''
        ? null
        : {
            secretKey,
            webhookSecret,
            apiBaseUrl: url(env, 'STRIPE_API_BASE_URL', null, ['http:', 'https:']),
            toleranceSeconds: integer(env, 'STRIPE_WEBHOOK_TOLERANCE_SECONDS', 300, 1, 3600),
          },
    successUrl: url(env, 'CHECKOUT_SUCCESS_URL', `${baseUrl}/checkout/done`, ['http:', 'https:'])!,
    cancelUrl: url(env, 'CHECKOUT_CANCEL_URL', `${baseUrl}/checkout/cancelled`, ['http:', 'https:'])!,
  };
}
