import { type OAuthClient } from '../../../domain/oauth/OAuthClient';

/** The operator's registered clients. Adding an id that exists fails with a conflict. */
export interface OAuthClientRepository {
  add(client: OAuthClient): Promise<void>;
  findById(clientId: string): Promise<OAuthClient | null>;
  list(): Promise<OAuthClient[]>;
  /** Removes the client and every grant it holds; false when there was none. */
  remove(clientId: string): Promise<boolean>;
}
