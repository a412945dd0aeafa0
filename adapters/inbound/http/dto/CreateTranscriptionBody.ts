import { IsString, Length } from 'class-validator';
import { REEL_URL_MAX } from '../contract/transcriptionLimits';

/** The body of transcriptions.create (docs/account.md). */
export class CreateTranscriptionBody {
  @IsString() @Length(1, REEL_URL_MAX) reelUrl!: string;
}
