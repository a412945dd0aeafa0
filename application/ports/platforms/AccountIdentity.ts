/** Who a grant belongs to, as the platform says. */
export interface AccountIdentity {
  readonly accountId: string;
  readonly handle: string;
  readonly displayName: string | null;
  readonly avatarUrl: string | null;
}
