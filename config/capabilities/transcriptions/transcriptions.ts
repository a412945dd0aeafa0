import { CreateTranscription } from '../../../application/transcriptions/CreateTranscription';
import { GetTranscriptionUsage } from '../../../application/transcriptions/GetTranscriptionUsage';
import { ListTranscriptions } from '../../../application/transcriptions/ListTranscriptions';
import { TranscriptionQuota } from '../../../application/transcriptions/TranscriptionQuota';
import { UserScopeCheck } from '../../../application/transcriptions/UserScopeCheck';
import { HmacCursorSealer } from '../../../adapters/outbound/crypto/HmacCursorSealer';
import { MemoryTranscriptions, MemoryTranscriptionUsage } from '../../../adapters/outbound/persistence/memory/MemoryTranscriptions';
import { TypeOrmTranscriptions } from '../../../adapters/outbound/persistence/typeorm/transcriptions/TypeOrmTranscriptions';
import { TypeOrmTranscriptionUsage } from '../../../adapters/outbound/persistence/typeorm/transcriptions/TypeOrmTranscriptionUsage';
import { OpenAiCompatibleTranscriber } from '../../../adapters/outbound/transcription/OpenAiCompatibleTranscriber';
import { type Config } from '../../env';
import { resolveSecretKey } from '../../secretKey';
import { type Capability, type CapabilityContext } from '../Capability';
import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { TRANSCRIPTION_OPERATIONS } from '../../../adapters/inbound/http/operations/transcriptionOperations';
import { type Transcriber } from '../../../application/ports/Transcriber';
import { type Transcriptions, type TranscriptionUsage } from '../../../application/ports/transcription/Transcriptions';
import { CORE_TOKENS } from '../../coreTokens';
import { BILLING_TOKENS } from '../billing/billing';
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

const T = { ...CORE_TOKENS, ...BILLING_TOKENS, ...TRANSCRIPTION_TOKENS };

/**
 * Transcriptions with a quota (docs/decisions.md, "The account surface"): stored in the
 * database (or memory), the reel fetched through the outbound-address guard, transcribed by
 * the configured OpenAI-compatible provider (none: null), cursors sealed with SECRET_KEY.
 */
function bindTranscriptions({ wiring: w, config, stores }: CapabilityContext): void {
  const settings = config.transcription;
  w.value(T.Transcriptions, stores.pick({ database: (ds) => new TypeOrmTranscriptions(ds), memory: () => new MemoryTranscriptions() }));
  w.value(T.TranscriptionUsage, stores.pick({ database: (ds) => new TypeOrmTranscriptionUsage(ds), memory: () => new MemoryTranscriptionUsage() }));
  w.value(
    T.Transcriber,
    settings.apiUrl === null
      ? null
      : new OpenAiCompatibleTranscriber({ baseUrl: settings.apiUrl, apiKey: settings.apiKey, model: settings.model, timeoutMs: settings.timeoutMs }),
  );
  const scopes = [T.MembershipRepository] as const;
  const quota = [T.BillingAccounts, T.Clock] as const;
  const makeQuota = (accounts: Parameters<typeof newQuota>[0], clock: Parameters<typeof newQuota>[1]) => newQuota(accounts, clock, config);
  w.build(
    T.CreateTranscription,
    [...scopes, ...quota, T.TranscriptionUsage, T.Transcriptions, T.UrlDownloader, T.Transcriber, T.IdGenerator, T.UnitOfWork, T.Cancellation],
    (memberships, accounts, clock, usage, transcriptions, downloader, transcriber, ids, unitOfWork, cancellation) =>
      new CreateTranscription(
        new UserScopeCheck(memberships),
        makeQuota(accounts, clock),
        usage,
        transcriptions,
        downloader,
        transcriber,
        ids,
        clock,
        { maxBytes: settings.maxReelBytes, timeoutMs: settings.timeoutMs },
        unitOfWork,
        cancellation,
      ),
  );
  w.build(
    T.ListTranscriptions,
    [...scopes, T.Transcriptions],
    (memberships, transcriptions) =>
      new ListTranscriptions(new UserScopeCheck(memberships), transcriptions, new HmacCursorSealer(resolveSecretKey(config.secrets))),
  );
  w.build(
    T.GetTranscriptionUsage,
    [...scopes, ...quota, T.TranscriptionUsage],
    (memberships, accounts, clock, usage) => new GetTranscriptionUsage(new UserScopeCheck(memberships), makeQuota(accounts, clock), usage),
  );
}

const newQuota = (accounts: ConstructorParameters<typeof TranscriptionQuota>[0], clock: ConstructorParameters<typeof TranscriptionQuota>[1], config: Config) =>
  new TranscriptionQuota(accounts, clock, config.billing);

export const TRANSCRIPTIONS: Capability = {
  name: 'transcriptions',
  bind: bindTranscriptions,
  routes: (get) => ({
    api: [apiRouter(TRANSCRIPTION_OPERATIONS, { create: get(T.CreateTranscription), list: get(T.ListTranscriptions), usage: get(T.GetTranscriptionUsage) })],
  }),
};
