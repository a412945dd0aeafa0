/** What the rate limit's counters said across the API processes. */
export interface SharedLimitCheck {
  /** Requests a fresh key sent, in turn to each API process. */
  readonly probeRequests: number;
  /** Whether each answer's RateLimit-Remaining was one less than the previous one's, whichever process answered. */
  readonly probeCountedOnce: boolean;
  /** Requests the load's key had sent (every one answered), and what the processes counted for it. */
  readonly loadSent: number;
  readonly loadCounted: number;
}

const remainingOf = async (baseUrl: string, key: string): Promise<number> => {
  const answer = await fetch(`${baseUrl}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`GET /v1/me answered ${answer.status} while checking the shared rate limit`);
  return Number(answer.headers.get('ratelimit-remaining'));
};

/**
 * A key's limit counted once across processes: `probeKey`, never used before, sends
 * `probeRequests` requests in turn to each of `baseUrls`, and each answer must show one
 * request fewer remaining than the one before (RateLimit-Remaining is the credential's budget
 * here: the person's is twice as large). Then one request with the load's key to each process:
 * the first must count every request the load sent with it, over all processes, plus itself.
 */
export async function checkSharedLimit(
  baseUrls: readonly string[],
  limit: number,
  probeKey: string,
  probeRequests: number,
  loadKey: string,
  loadSent: number,
): Promise<SharedLimitCheck> {
  const remaining: number[] = [];
  for (let i = 0; i < probeRequests; i++) remaining.push(await remainingOf(baseUrls[i % baseUrls.length]!, probeKey));
  const probeCountedOnce = remaining.every((left, i) => left === limit - (i + 1));
  const afterLoad = await remainingOf(baseUrls[baseUrls.length - 1]!, loadKey);
  return { probeRequests, probeCountedOnce, loadSent, loadCounted: limit - afterLoad - 1 };
}
