import { type BlueskyConnector, blueskyConnector } from '../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { type AtprotoSessionGrant } from '../../application/ports/platforms/PlatformGrant';
import { BlueskyPds, type PdsAccount } from './blueskyPds';

/** A reference PDS with one account connected through the connector's own login. */
export interface ConnectedBluesky {
  readonly pds: BlueskyPds;
  readonly account: PdsAccount;
  readonly connector: BlueskyConnector;
  readonly grant: AtprotoSessionGrant;
}

export async function connectedBluesky(name: string): Promise<ConnectedBluesky> {
  const pds = await BlueskyPds.start();
  const account = await pds.createAccount(name);
  const connector = blueskyConnector();
  const login = await connector.login({ service: pds.url, identifier: account.handle, appPassword: account.appPassword });
  if (!login.ok) {
    await pds.stop();
    throw new Error(`the test account could not connect: ${login.failure.reason}`);
  }
  return { pds, account, connector, grant: login.grant };
}

/** The record an AT URI names, read back from the PDS without a session. */
export async function readPost(pds: BlueskyPds, uri: string) {
  const [, , repo, collection, rkey] = uri.split('/');
  const { data } = await pds.reader().com.atproto.repo.getRecord({ repo: repo ?? '', collection: collection ?? '', rkey: rkey ?? '' });
  return data as { uri: string; cid: string; value: Record<string, unknown> & { text: string } };
}
