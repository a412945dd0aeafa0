import { type Bearer } from './Bearer';
import { ApiKeyRefused } from './bridgeErrors';

/** An API key (`dsk_…`, DISPATCH_API_KEY): sent as it is, nothing to renew when it is refused. */
export class ApiKeyBearer implements Bearer {
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
  ) {}

  async current(): Promise<string> {
    return this.key;
  }

  async rejected(_token: string, reason: string): Promise<string> {
    throw new ApiKeyRefused(this.baseUrl, reason);
  }
}
