import { expect } from 'chai';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { BULK_ITEMS_MAX, BULK_ITEMS_MIN } from '../../../adapters/inbound/http/contract/requestLimits';
import { AuthorizeConnectionBody, ChoosePublishAsBody } from '../../../adapters/inbound/http/dto/AuthorizeBody';
import { ConnectWithAppPasswordBody } from '../../../adapters/inbound/http/dto/ConnectBody';
import { CreateApiKeyBody } from '../../../adapters/inbound/http/dto/CreateApiKeyBody';
import { CheckoutBody } from '../../../adapters/inbound/http/dto/CheckoutBody';
import { CreateTranscriptionBody } from '../../../adapters/inbound/http/dto/CreateTranscriptionBody';
import { CreateUploadBody, ImportMediaBody } from '../../../adapters/inbound/http/dto/MediaBodies';
import { EmailPreferencesBody } from '../../../adapters/inbound/http/dto/EmailPreferencesBody';
import { PostBody, ReviewBody, TargetUpdateBody } from '../../../adapters/inbound/http/dto/PostBody';
import { ScheduleBody } from '../../../adapters/inbound/http/dto/ScheduleBody';
import { UpdateSetupBody } from '../../../adapters/inbound/http/dto/SetupBody';
import { CreateWebhookBody, UpdateWebhookBody } from '../../../adapters/inbound/http/dto/WebhookBodies';
import { dtoLimits, requestBodySchemaNames, schemaLimitsByProperty, schemaNamed, type DtoClass, type Limits } from './requestLimitsOf';

/**
 * The DTOs enforce what the OpenAPI document states: per property, the same maxLength,
 * maxItems and value set (and minLength where the DTO sets one), walking nested bodies.
 * Both sides take their numbers from contract/requestLimits.ts; this catches a literal
 * written into one side only, or a rule added to one side and not the other.
 */
const BODIES: ReadonlyArray<readonly [DtoClass, string]> = [
  [PostBody, 'PostRequest'],
  [TargetUpdateBody, 'TargetUpdateRequest'],
  [ReviewBody, 'ReviewRequest'],
  [CreateApiKeyBody, 'CreateApiKeyRequest'],
  [ImportMediaBody, 'ImportMediaRequest'],
  [CreateUploadBody, 'CreateUploadRequest'],
  [ConnectWithAppPasswordBody, 'ConnectWithAppPasswordRequest'],
  [AuthorizeConnectionBody, 'AuthorizeConnectionRequest'],
  [ChoosePublishAsBody, 'ChoosePublishAsRequest'],
  [EmailPreferencesBody, 'EmailPreferences'],
  [CheckoutBody, 'CheckoutRequest'],
  [CreateTranscriptionBody, 'CreateTranscriptionRequest'],
  [UpdateSetupBody, 'UpdateSetupRequest'],
  [CreateWebhookBody, 'CreateWebhookRequest'],
  [UpdateWebhookBody, 'UpdateWebhookRequest'],
  [ScheduleBody, 'PostingScheduleRequest'],
];

/**
 * Target settings: the DTO checks only their shape (a platform string, a values object); the
 * domain checks each platform's values, and the document's TargetSettings variants are
 * generated from that same domain schema (openapi/schemas/postSettings.ts). A schedule's
 * slots: the DTO takes a list, the domain names each bad day or time (invalid_schedule).
 */
const CHECKED_BY_THE_DOMAIN = new Set(['TargetSettings', 'WeeklySlot']);

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);

function union(values: ReadonlyArray<readonly string[] | undefined>): string[] | undefined {
  const present = values.filter((v): v is readonly string[] => v !== undefined);
  return present.length === 0 ? undefined : [...new Set(present.flat())].sort();
}

/** Every disagreement between a DTO class and a schema, as readable lines; `visited` gets each schema walked. */
function disagreements(dto: DtoClass, schemaName: string, visited: Set<string> = new Set()): string[] {
  visited.add(schemaName);
  const ours = dtoLimits(dto);
  const documented = schemaLimitsByProperty(schemaName);
  const where = (property: string) => `${dto.name}.${property} / ${schemaName}.${property}`;
  const problems: string[] = [];
  const dtoNames = [...ours.keys()].sort();
  const schemaNames = [...documented.keys()].sort();
  if (!same(dtoNames, schemaNames)) problems.push(`${dto.name} has ${dtoNames.join(', ')}; ${schemaName} has ${schemaNames.join(', ')}`);
  for (const [property, dtoSide] of ours) {
    const variants: Limits[] = documented.get(property) ?? [];
    for (const variant of variants) {
      for (const key of ['maxLength', 'maxItems'] as const) {
        if (dtoSide[key] !== variant[key]) problems.push(`${where(property)}: ${key} ${dtoSide[key]} ≠ ${variant[key]}`);
      }
      if (dtoSide.minLength !== undefined && dtoSide.minLength !== variant.minLength) {
        problems.push(`${where(property)}: minLength ${dtoSide.minLength} ≠ ${variant.minLength}`);
      }
      if (!same(dtoSide.itemEnum, variant.itemEnum)) problems.push(`${where(property)}: item values ${dtoSide.itemEnum} ≠ ${variant.itemEnum}`);
    }
    const documentedValues = union(variants.map((variant) => variant.enum));
    if (!same(dtoSide.enum, documentedValues)) problems.push(`${where(property)}: values ${dtoSide.enum} ≠ ${documentedValues}`);
    const nestedSchema = variants.find((variant) => variant.nestedSchema !== undefined)?.nestedSchema;
    const leftToTheDomain = nestedSchema !== undefined && CHECKED_BY_THE_DOMAIN.has(nestedSchema) && dtoSide.nestedClass === undefined;
    if (!leftToTheDomain && (dtoSide.nestedClass === undefined) !== (nestedSchema === undefined)) {
      problems.push(`${where(property)}: nested ${dtoSide.nestedClass?.name} ≠ ${nestedSchema}`);
    } else if (dtoSide.nestedClass !== undefined && nestedSchema !== undefined && !CHECKED_BY_THE_DOMAIN.has(nestedSchema)) {
      problems.push(...disagreements(dtoSide.nestedClass, nestedSchema, visited));
    }
  }
  return problems;
}

describe('request DTOs and the OpenAPI request schemas state the same limits', () => {
  for (const [dto, schemaName] of BODIES) {
    it(`${dto.name} ↔ ${schemaName}`, () => {
      expect(disagreements(dto, schemaName)).to.deep.equal([]);
    });
  }

  it('walks the nested bodies of a post: groups, segments, media, targets', () => {
    const visited = new Set<string>();
    disagreements(PostBody, 'PostRequest', visited);
    expect([...visited]).to.have.members(['PostRequest', 'PostGroupRequest', 'PostSegmentRequest', 'PostMediaRequest', 'PostTargetRequest']);
  });

  it('covers every request body the document describes (bulk create: post bodies, within its item limits)', () => {
    const covered = new Set(BODIES.map(([, name]) => name));
    const bulk = schemaNamed('BulkCreateRequest');
    expect(bulk).to.include({ type: 'array', minItems: BULK_ITEMS_MIN, maxItems: BULK_ITEMS_MAX });
    expect(bulk.items).to.deep.equal({ $ref: '#/components/schemas/PostRequest' });
    // The MCP server's JSON-RPC message has no DTO: the MCP SDK's transport checks it (tools' arguments then meet these DTOs).
    const byTheMcpSdk = new Set(['McpMessage']);
    for (const name of requestBodySchemaNames()) expect(covered.has(name) || name === 'BulkCreateRequest' || byTheMcpSdk.has(name), name).to.equal(true);
  });

  it('reports a DTO that drifted from its schema (the check is not vacuous)', () => {
    class DriftedReviewBody {
      @IsIn(['approved']) decision!: string;
      @IsOptional() @IsString() @MaxLength(4_999) comment?: string;
      @IsOptional() @IsString() note?: string;
    }
    expect(disagreements(DriftedReviewBody, 'ReviewRequest')).to.deep.equal([
      'DriftedReviewBody has comment, decision, note; ReviewRequest has comment, decision',
      'DriftedReviewBody.decision / ReviewRequest.decision: values approved ≠ approved,changes_requested',
      'DriftedReviewBody.comment / ReviewRequest.comment: maxLength 4999 ≠ 5000',
      'DriftedReviewBody.comment / ReviewRequest.comment: maxLength 4999 ≠ 5000',
    ]);
  });
});
