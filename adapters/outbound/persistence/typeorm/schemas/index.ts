import { ApiKeySchema } from './ApiKeySchema';
import { ConnectionSchema } from './ConnectionSchema';
import { MembershipSchema } from './MembershipSchema';
import { SigningKeySchema } from './SigningKeySchema';
import { UserSchema } from './UserSchema';
import { WorkspaceSchema } from './WorkspaceSchema';
import { IDEMPOTENCY_SCHEMAS } from './idempotencySchemas';
import { POSTS_SCHEMAS } from './postsSchemas';
import { WEBHOOK_SCHEMAS } from './webhookSchemas';

export { ApiKeySchema, ConnectionSchema, MembershipSchema, SigningKeySchema, UserSchema, WorkspaceSchema };
export type { ApiKeyRow } from './ApiKeySchema';
export type { ConnectionRow } from './ConnectionSchema';
export type { MembershipRow } from './MembershipSchema';
export type { SigningKeyRow } from './SigningKeySchema';
export type { UserRow } from './UserSchema';
export type { WorkspaceRow } from './WorkspaceSchema';

export const ALL_SCHEMAS = [
  UserSchema,
  WorkspaceSchema,
  MembershipSchema,
  ApiKeySchema,
  ConnectionSchema,
  SigningKeySchema,
  ...POSTS_SCHEMAS,
  ...IDEMPOTENCY_SCHEMAS,
  ...WEBHOOK_SCHEMAS,
];
