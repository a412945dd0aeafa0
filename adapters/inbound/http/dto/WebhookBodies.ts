import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../../domain/webhook/WebhookEventType';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from '../../../../domain/webhook/WebhookSubscription';
import { OptionalNotNull } from './nullable';

/** The body of webhooks.create (docs/webhooks.md); the URL's reachability is the use case's to judge. */
export class CreateWebhookBody {
  @IsString() @MaxLength(WEBHOOK_URL_MAX) url!: string;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length) @IsIn(WEBHOOK_EVENT_TYPES, { each: true }) eventTypes!: WebhookEventType[];
  @OptionalNotNull() @IsBoolean() enabled?: boolean;
  @IsOptional() @IsString() @MaxLength(WEBHOOK_DESCRIPTION_MAX) description?: string | null;
}

/** The body of webhooks.update: any of the fields, the others kept; only `description` may be null (it clears it). */
export class UpdateWebhookBody {
  @OptionalNotNull() @IsString() @MaxLength(WEBHOOK_URL_MAX) url?: string;
  @OptionalNotNull()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  eventTypes?: WebhookEventType[];
  @OptionalNotNull() @IsBoolean() enabled?: boolean;
  @IsOptional() @IsString() @MaxLength(WEBHOOK_DESCRIPTION_MAX) description?: string | null;
}
