import { DEFAULT_PRODUCTS, type Product } from '../domain/billing/Product';
import { ConfigError, type Env, integer } from './envValues';

/** Billing and transcriptions (README, "Configuration"; docs/decisions.md, "The account surface"). */
export interface BillingConfig {
  readonly products: readonly Product[];
  /** Transcriptions a person without a plan may make per calendar month (UTC). */
  readonly freeMonthlyTranscriptions: number;
}

/** The products of a fresh install (domain/billing/Product.ts). */
export { DEFAULT_PRODUCTS };

export function billingConfig(env: Env): BillingConfig {
  return {
    products: products(env.BILLING_PRODUCTS),
    freeMonthlyTranscriptions: integer(env, 'TRANSCRIPTION_FREE_MONTHLY_LIMIT', 10, 0, 1_000_000),
  };
}

/** BILLING_PRODUCTS: a JSON array of products, each shaped as domain/billing/Product.ts says. */
function products(raw: string | undefined): readonly Product[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PRODUCTS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('BILLING_PRODUCTS', 'must be a JSON array of products');
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isProduct)) {
    throw new ConfigError('BILLING_PRODUCTS', 'each product needs id, name, priceId and kind "transcriptions" (softLimit ≤ hardLimit) or "workspace" (plan)');
  }
  return parsed;
}

function isProduct(p: unknown): p is Product {
  if (typeof p !== 'object' || p === null) return false;
  const v = p as Record<string, unknown>;
  const named = [v.id, v.name, v.priceId].every((x) => typeof x === 'string' && x !== '');
  if (!named) return false;
  if (v.kind === 'workspace') return typeof v.plan === 'string' && v.plan !== '';
  return v.kind === 'transcriptions' && Number.isInteger(v.softLimit) && Number.isInteger(v.hardLimit) && (v.softLimit as number) <= (v.hardLimit as number);
}
