/**
 * What a checkout can sell (configured by the operator, README "Configuration"): a transcription
 * plan for the person who pays, with its soft and hard monthly limits, or a workspace plan.
 */
export type Product =
  | {
      readonly id: string;
      readonly name: string;
      readonly kind: 'transcriptions';
      readonly priceId: string;
      readonly softLimit: number;
      readonly hardLimit: number;
    }
  | { readonly id: string; readonly name: string; readonly kind: 'workspace'; readonly priceId: string; readonly plan: string };

export const findProduct = (products: readonly Product[], id: string): Product | null => products.find((p) => p.id === id) ?? null;

/** The products of a fresh install, until BILLING_PRODUCTS names others: a test-mode checkout sells these (prices are the provider's ids). */
export const DEFAULT_PRODUCTS: readonly Product[] = [
  { id: 'transcriptions-pro', name: 'Transcriptions Pro', kind: 'transcriptions', priceId: 'price_transcriptions_pro', softLimit: 100, hardLimit: 150 },
  { id: 'workspace-pro', name: 'Workspace Pro', kind: 'workspace', priceId: 'price_workspace_pro', plan: 'pro' },
];
