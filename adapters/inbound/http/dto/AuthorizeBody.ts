import { IsOptional, IsString, Length } from 'class-validator';
import { type Platform } from '../../../../domain/platform/Platform';
import { PlatformName } from './platformName';

/** The body of connections.authorize. */
export class AuthorizeConnectionBody {
  @PlatformName() platform!: Platform;
  @IsOptional() @IsString() @Length(1, 2048) returnTo?: string;
}

/** The body of connections.target. */
export class ChoosePublishAsBody {
  @IsString() @Length(1, 255) publishAsId!: string;
}
