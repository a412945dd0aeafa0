import { type Role } from '../workspace/Role';
import { type Scope } from './Scope';

/** What a verified bearer token says about its holder, before any workspace is consulted. */
export type Credential =
  | {
      readonly kind: 'api_key';
      readonly id: string;
      readonly userId: string;
      readonly workspaceId: string;
      readonly frozenRole: Role;
      /** The creator's live role in the key's workspace, read when the key was checked (this request). */
      readonly creatorRole: Role;
      readonly scopes: readonly Scope[];
    }
  | {
      readonly kind: 'oauth';
      readonly id: string;
      readonly userId: string;
      readonly clientId: string;
      readonly workspaceId: string;
      readonly scopes: readonly Scope[];
    }
  | {
      readonly kind: 'session';
      readonly id: string;
      readonly userId: string;
    };

export type CredentialKind = Credential['kind'];

/** The workspace a credential is bound to, or null for a first-party session. */
export const boundWorkspaceOf = (credential: Credential): string | null => (credential.kind === 'session' ? null : credential.workspaceId);
