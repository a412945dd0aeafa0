/** A page, organization, channel or board the account may publish as (one connection each). */
export interface PublishAs {
  readonly id: string;
  readonly kind: 'page' | 'organization' | 'channel' | 'board';
  readonly name: string;
}

/**
 * What a connector needs to know of the account it publishes for, taken from the connection the
 * engine read for the segment: the account the grant belongs to, its handle, and the page,
 * organization, channel or board its owner chose to publish as (none chosen: null).
 */
export interface PublishingAccount {
  /** The platform's id of the account; null where the connection never learned it. */
  readonly accountId: string | null;
  readonly handle: string;
  readonly publishAs: PublishAs | null;
}
