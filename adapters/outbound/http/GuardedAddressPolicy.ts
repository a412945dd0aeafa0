import { guardedRequest } from './guardedRequest';
import { type AddressPolicy } from '../../../application/ports/AddressPolicy';
import { type OutboundAddressGuard } from './OutboundAddressGuard';
import { OutboundRequestError } from './OutboundRequestError';

/**
 * Asks the guard by connecting: a HEAD to the URL, through the guard's agents, so the answer
 * comes from the same check (after DNS, on the address connected to) that later calls meet.
 * Only a refused address or URL is a refusal; an unreachable server is the caller's next call's to find.
 */
export class GuardedAddressPolicy implements AddressPolicy {
  constructor(private readonly guard: OutboundAddressGuard) {}

  async refusal(url: string): Promise<string | null> {
    try {
      const { response } = await guardedRequest(this.guard, url, { method: 'HEAD', signal: AbortSignal.timeout(10_000), maxRedirects: 0 });
      response.resume();
      return null;
    } catch (error) {
      if (error instanceof OutboundRequestError && (error.kind === 'forbidden_address' || error.kind === 'invalid_url')) return error.message;
      return null;
    }
  }
}
