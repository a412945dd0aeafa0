/** The kinds of email the service may send a person (docs/decisions.md, "The account surface"). */
export const EMAIL_KINDS = ['product_lifecycle', 'marketing'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** A person's choices of the email they receive: the body of GET and PUT /v1/me/email-preferences. */
export interface EmailOptIns {
  readonly productLifecycleEnabled: boolean;
  readonly marketingEnabled: boolean;
}

/** For a person who never chose: product lifecycle email on, marketing off (an opt-in). */
export const DEFAULT_EMAIL_OPT_INS: EmailOptIns = { productLifecycleEnabled: true, marketingEnabled: false };

export function allowsKind(optIns: EmailOptIns, kind: EmailKind): boolean {
  return kind === 'product_lifecycle' ? optIns.productLifecycleEnabled : optIns.marketingEnabled;
}
