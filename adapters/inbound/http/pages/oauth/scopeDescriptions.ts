import { type Scope } from '../../../../../domain/credential/Scope';

/** What each scope lets an application do, as the approval and consent pages say it (docs/spec.md, "Scopes"). */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'posts:read': 'read your posts and where they were published',
  'posts:write': 'create, edit, schedule, publish, retry and delete posts',
  'accounts:read': 'see your connected social accounts',
  'accounts:write': 'connect, transfer and disconnect social accounts',
  'stats:read': 'read analytics and usage',
  'billing:write': 'manage checkout and billing',
  'media:write': 'upload, import and delete media',
  'reviews:read': 'read review queues and activity',
  'reviews:write': 'submit and decide reviews, within your role',
  'members:read': 'see the workspace’s members',
  'members:write': 'invite, change and remove members',
  'apikeys:write': 'create and revoke API keys',
};
