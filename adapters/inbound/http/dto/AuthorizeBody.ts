import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { PLATFORMS, type Platform } from '../../../../domain/platform/Platform';

/** The body of connections.authorize. */
export class AuthorizeConnectionBody {
  @IsIn(PLATFORMS) platform!: Platform;
  @IsOptional() @IsString() @Length(1, 2048) returnTo?: string;
}

/** The body of connections.target. */
export class ChoosePublishAsBody {
  @IsString() @Length(1, 255) publishAsId!: string;
}
