import { expect } from 'chai';
import { ConfigError } from '../../../config/envValues';
import { paymentConfig } from '../../../config/paymentConfig';

describe('paymentConfig (STRIPE_*, CHECKOUT_*)', () => {
  it('turns Stripe on with both keys, its tolerance 300 s unless set', () => {
    const config = paymentConfig(
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', CHECKOUT_SUCCESS_URL: 'https://app.example/paid' },
      'https://api.example',
    );
    expect(config).to.deep.equal({
      stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiBaseUrl: null, toleranceSeconds: 300 },
      successUrl: 'https://app.example/paid',
      cancelUrl: 'https://api.example/checkout/cancelled',
    });
  });

  it('refuses one Stripe key without the other, naming the missing one', () => {
    expect(() => paymentConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }, 'http://localhost:3000'))
      .to.throw(ConfigError)
      .with.property('message')
      .that.includes('STRIPE_WEBHOOK_SECRET');
  });
});
