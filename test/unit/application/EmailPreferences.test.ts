import { expect } from 'chai';
import { compose, type Composition } from '../../../config/container';
import { loadConfig } from '../../../config/env';
import { TOKENS as T } from '../../../config/tokens';

/** The use case and the port a mailer consults, on the in-memory composition. */
describe('ManageEmailPreferences and the EmailPreferences port', () => {
  let composition: Composition;

  beforeEach(async () => {
    composition = await compose(loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'email-preferences-secret-email-prefs-0123' }), { persistence: 'memory' });
  });

  it('gives a person who never chose product lifecycle email and no marketing', async () => {
    expect(await composition.get(T.ManageEmailPreferences).read('user-a')).to.deep.equal({ productLifecycleEnabled: true, marketingEnabled: false });
    const port = composition.get(T.EmailPreferences);
    expect([await port.allows('user-a', 'product_lifecycle'), await port.allows('user-a', 'marketing')]).to.deep.equal([true, false]);
  });

  it('answers each kind from the person’s own choices, and only theirs', async () => {
    await composition.get(T.ManageEmailPreferences).replace('user-a', { productLifecycleEnabled: false, marketingEnabled: true });
    const port = composition.get(T.EmailPreferences);
    expect([await port.allows('user-a', 'product_lifecycle'), await port.allows('user-a', 'marketing')]).to.deep.equal([false, true]);
    expect([await port.allows('user-b', 'product_lifecycle'), await port.allows('user-b', 'marketing')]).to.deep.equal([true, false]);
  });
});
