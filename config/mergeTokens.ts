type Union<L extends readonly object[]> = L extends readonly [infer First, ...infer Rest extends readonly object[]] ? First & Union<Rest> : unknown;

/**
 * The token groups as one object. A name two groups declare is a mistake made at start (the
 * second would silently stand for the first wherever it is looked up), so it throws.
 */
export function mergeTokens<const L extends readonly object[]>(...groups: L): Union<L> {
  const merged: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [name, token] of Object.entries(group)) {
      if (name in merged) throw new Error(`config/tokens.ts: the token ${name} is declared twice`);
      merged[name] = token;
    }
  }
  return merged as Union<L>;
}
