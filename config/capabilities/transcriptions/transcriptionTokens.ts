import { type CreateTranscription } from '../../../application/transcriptions/CreateTranscription';
import { type GetTranscriptionUsage } from '../../../application/transcriptions/GetTranscriptionUsage';
import { type ListTranscriptions } from '../../../application/transcriptions/ListTranscriptions';
import { type Transcriber } from '../../../application/ports/Transcriber';
import { type Transcriptions, type TranscriptionUsage } from '../../../application/ports/transcription/Transcriptions';
import { token } from '../../Wiring';

/** The transcriptions capability: its stores, its provider and its use cases. */
export const TRANSCRIPTION_TOKENS = {
  /** Transcriptions with a quota (docs/decisions.md, "The account surface"); Transcriber is null without a provider. */
  Transcriptions: token<Transcriptions>('Transcriptions'),
  TranscriptionUsage: token<TranscriptionUsage>('TranscriptionUsage'),
  Transcriber: token<Transcriber | null>('Transcriber'),
  CreateTranscription: token<CreateTranscription>('CreateTranscription'),
  ListTranscriptions: token<ListTranscriptions>('ListTranscriptions'),
  GetTranscriptionUsage: token<GetTranscriptionUsage>('GetTranscriptionUsage'),
};
