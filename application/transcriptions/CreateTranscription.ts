import { type Credential } from '../../domain/credential/Credential';
import { DomainError, validationError } from '../../domain/shared/DomainError';
import { reelIdOf, type Transcription } from '../../domain/transcription/Transcription';
import { type Cancellation } from '../ports/Cancellation';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type SpokenText, type Transcriber } from '../ports/Transcriber';
import { type Transcriptions, type TranscriptionUsage } from '../ports/transcription/Transcriptions';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type UrlDownloader } from '../ports/UrlDownloader';
import { type TranscriptionQuota } from './TranscriptionQuota';
import { type UserScopeCheck } from './UserScopeCheck';
import { readAtMost } from './readAtMost';

export interface ReelLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

/**
 * POST /v1/transcriptions, with media:write (docs/decisions.md, "The account surface"): takes a
 * quota slot first (402 quota_exceeded when none is left), then fetches the reel through the
 * outbound-address guard and transcribes it; a failure gives the slot back. A request that ran
 * past its deadline (answered 503 request_timeout) stops the provider's call and stores nothing,
 * so its slot is given back too: a 503 never leaves a transcription or a count behind.
 */
export class CreateTranscription {
  constructor(
    private readonly scopes: UserScopeCheck,
    private readonly quota: TranscriptionQuota,
    private readonly usage: TranscriptionUsage,
    private readonly transcriptions: Transcriptions,
    private readonly downloader: UrlDownloader,
    private readonly transcriber: Transcriber | null,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly limits: ReelLimits,
    private readonly unitOfWork: UnitOfWork,
    private readonly cancellation: Cancellation,
  ) {}

  /** The access check alone, for the route to run before it consults an Idempotency-Key (docs/decisions.md, "Idempotency"). */
  async authorize(credential: Credential): Promise<void> {
    await this.scopes.require(credential, 'media:write');
  }

  async execute(credential: Credential, reelUrl: string): Promise<Transcription> {
    await this.authorize(credential);
    // The client's mistake first: a 503 "retry later" for a URL that can never work would be retried forever.
    const url = checkedReelUrl(reelUrl);
    const transcriber = this.transcriber;
    if (transcriber === null) {
      throw new DomainError(
        'unavailable',
        'transcription_not_configured',
        'Transcription is not configured: set TRANSCRIPTION_API_URL (and TRANSCRIPTION_API_KEY).',
      );
    }
    const { period } = await this.quota.of(credential.userId);
    if (!(await this.usage.reserve(credential.userId, period.key, period.limit))) {
      throw new DomainError('quota_exceeded', 'quota_exceeded', `The transcription limit of ${period.limit} is reached until ${period.end.toISOString()}.`);
    }
    try {
      const spoken = await this.transcribe(transcriber, url);
      const transcription: Transcription = {
        id: this.ids.next(),
        userId: credential.userId,
        reelId: reelIdOf(url.href),
        reelUrl: url.href,
        text: spoken.text,
        altText: null,
        language: spoken.language,
        durationSeconds: spoken.durationSeconds,
        createdAt: this.clock.now(),
      };
      // Its commit is refused once the caller gave up (TypeOrmUnitOfWork), and the slot is then given back below.
      await this.unitOfWork.run(() => this.transcriptions.add(transcription));
      return transcription;
    } catch (error) {
      await this.usage.release(credential.userId, period.key);
      throw error;
    }
  }

  private async transcribe(transcriber: Transcriber, url: URL): Promise<SpokenText> {
    const download = await this.downloader.download(url.href, this.limits);
    if (!download.ok) throw unreachable(download.failure.reason);
    let bytes: Buffer;
    try {
      bytes = await readAtMost(download.body, this.limits.maxBytes);
    } catch (error) {
      const reason = (error as { failure?: { reason?: unknown } }).failure?.reason;
      throw unreachable(typeof reason === 'string' ? reason : 'the download failed');
    }
    const filename =
      decodeURIComponent(
        url.pathname
          .split('/')
          .filter((s) => s !== '')
          .at(-1) ?? 'reel',
      ) || 'reel';
    const signal = this.cancellation.current();
    const result = await transcriber.transcribe({ bytes, filename, contentType: download.contentType ?? 'application/octet-stream' }, signal);
    if (result.ok) return result.spoken;
    if (result.status === 400 || result.status === 413 || result.status === 415) {
      throw validationError('transcription_failed', [{ path: 'reelUrl', message: `the provider could not transcribe the reel: ${result.reason}` }]);
    }
    throw new DomainError('unavailable', 'transcription_unavailable', `The transcription provider failed: ${result.reason}`);
  }
}

const unreachable = (reason: string): DomainError =>
  validationError('reel_unreachable', [{ path: 'reelUrl', message: `the reel could not be fetched: ${reason}` }]);

function checkedReelUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError('invalid_url', [{ path: 'reelUrl', message: 'must be an absolute http or https URL' }]);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') {
    throw validationError('invalid_url', [{ path: 'reelUrl', message: 'must be an http or https URL without credentials' }]);
  }
  return url;
}
