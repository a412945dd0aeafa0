import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { callInstagram, graphUrl, okBody } from './InstagramHttp';
import { type InstagramSettings } from './InstagramOptions';
import { failedCallOutcome } from './instagramOutcomes';

export type Step<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly outcome: PublishOutcome };

export type ContainerStatus = 'EXPIRED' | 'ERROR' | 'FINISHED' | 'IN_PROGRESS' | 'PUBLISHED';

const STATUSES: readonly string[] = ['EXPIRED', 'ERROR', 'FINISHED', 'IN_PROGRESS', 'PUBLISHED'];

/** Calls with one account's token. */
export class InstagramAccount {
  constructor(
    readonly settings: InstagramSettings,
    private readonly accessToken: string,
  ) {}

  async get(path: string, params: Record<string, string>) {
    return callInstagram(this.settings, { method: 'GET', url: graphUrl(this.settings, path), params: { ...params, access_token: this.accessToken } });
  }

  async post(path: string, params: Record<string, string>) {
    return callInstagram(this.settings, { method: 'POST', url: graphUrl(this.settings, path), params: { ...params, access_token: this.accessToken } });
  }

  /** The professional account's id (`user_id` of `GET /me`), which content calls are made on. */
  async userId(): Promise<Step<string>> {
    const answer = await this.get('me', { fields: 'user_id' });
    const id = okBody(answer)?.user_id;
    return typeof id === 'string' ? { ok: true, value: id } : { ok: false, outcome: failedCallOutcome(answer, 'preparing') };
  }

  /** `POST /{ig-user-id}/media`: a container, not yet public. */
  async createContainer(userId: string, params: Record<string, string>): Promise<Step<string>> {
    const answer = await this.post(`${userId}/media`, params);
    const id = okBody(answer)?.id;
    return typeof id === 'string' ? { ok: true, value: id } : { ok: false, outcome: failedCallOutcome(answer, 'preparing') };
  }

  /** `GET /{container-id}?fields=status_code,status`: `status` says why when the code is ERROR. */
  async containerStatus(id: string): Promise<Step<{ code: ContainerStatus; detail: string | null }>> {
    const answer = await this.get(id, { fields: 'status_code,status' });
    const body = okBody(answer);
    if (typeof body?.status_code !== 'string' || !STATUSES.includes(body.status_code)) {
      return { ok: false, outcome: failedCallOutcome(answer, 'preparing') };
    }
    const detail = typeof body.status === 'string' ? body.status : null;
    return { ok: true, value: { code: body.status_code as ContainerStatus, detail } };
  }

  /** The post's public link; null when Instagram does not give it (the post is out all the same). */
  async permalink(mediaId: string): Promise<string | null> {
    const link = okBody(await this.get(mediaId, { fields: 'permalink' }))?.permalink;
    return typeof link === 'string' ? link : null;
  }
}
