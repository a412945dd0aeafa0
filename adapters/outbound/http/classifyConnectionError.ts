import { OutboundRequestError } from './OutboundRequestError';

/** request-filtering-agent's refusal: "DNS lookup <address>(family:<n>, host:<host>) is not allowed. Because, It is <why>." */
const REFUSAL = /^DNS lookup (.+?)\(family:.*?, host:.*?\) is not allowed\. Because,? (.*)$/;

function refusedRange(why: string): string {
  if (/meta IP address/i.test(why)) return 'an unspecified address';
  if (/denyIPAddressList/.test(why)) return 'a cloud metadata address';
  return 'a private address';
}

/** The error a request failed with before its response, as an OutboundRequestError naming `url`'s host. */
export function classifyConnectionError(error: unknown, url: URL): OutboundRequestError {
  if (error instanceof OutboundRequestError) return error;
  const host = url.hostname;
  const message = error instanceof Error ? error.message : String(error);
  const refusal = REFUSAL.exec(message);
  if (refusal) {
    const [, address, why] = refusal;
    const subject = address === host.replace(/^\[|\]$/g, '') ? host : `the address of ${host}`;
    return new OutboundRequestError('forbidden_address', `${subject} is ${refusedRange(why)}`, address);
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new OutboundRequestError('network', `${host} could not be resolved`);
  if (code === 'ECONNREFUSED') return new OutboundRequestError('network', `${host} refused the connection`);
  if (code === 'ETIMEDOUT' || code === 'ENETUNREACH' || code === 'EHOSTUNREACH') {
    return new OutboundRequestError('network', `${host} could not be reached`);
  }
  return new OutboundRequestError('network', `the connection to ${host} failed${code ? ` (${code})` : ''}`);
}
