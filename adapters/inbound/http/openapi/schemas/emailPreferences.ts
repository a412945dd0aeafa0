import { type SchemaMap } from '../types';
import { closedObject } from './building';

/** A person's email preferences: the body of GET and PUT /v1/me/email-preferences alike. */
export const emailPreferenceSchemas: SchemaMap = {
  EmailPreferences: closedObject({
    description:
      'Which email the service may send the person. A person who never chose has the defaults: productLifecycleEnabled true, marketingEnabled false (marketing is an opt-in).',
    properties: {
      productLifecycleEnabled: {
        type: 'boolean',
        description: 'Email about their account and the service: setup, billing, changes to the service. Default true.',
      },
      marketingEnabled: { type: 'boolean', description: 'News and offers. Default false.' },
    },
  }),
};
