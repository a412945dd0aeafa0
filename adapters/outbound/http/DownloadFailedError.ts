import { type DownloadFailure } from '../../../application/ports/UrlDownloader';

/** A download's failure as an error: what a download's body fails with once a limit is passed. */
export class DownloadFailedError extends Error implements DownloadFailure {
  readonly kind: DownloadFailure['kind'];
  readonly reason: string;
  readonly status?: number;

  constructor(failure: DownloadFailure) {
    super(failure.reason);
    this.name = 'DownloadFailedError';
    this.kind = failure.kind;
    this.reason = failure.reason;
    if (failure.status !== undefined) this.status = failure.status;
  }

  get failure(): DownloadFailure {
    return { kind: this.kind, reason: this.reason, ...(this.status === undefined ? {} : { status: this.status }) };
  }
}
