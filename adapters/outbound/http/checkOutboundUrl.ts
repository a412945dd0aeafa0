import { OutboundRequestError } from './OutboundRequestError';

/**
 * The URL the service may call: http or https, no user name or password. Any port: the address
 * check is what keeps calls off private networks. The address itself is checked at connect time.
 */
export function checkOutboundUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundRequestError('invalid_url', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRequestError('invalid_url', `only http and https URLs are accepted, not ${url.protocol.slice(0, -1)}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundRequestError('invalid_url', 'URLs with a user name or password are not accepted');
  }
  return url;
}
