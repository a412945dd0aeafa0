import { IsOptional, IsString, Length } from 'class-validator';
import { PlatformName } from './platformName';

/** The body of connections.create: Bluesky, connected with an app password (other platforms connect through authorize). */
export class ConnectWithAppPasswordBody {
  @PlatformName(['BLUESKY'], 'must be BLUESKY (in any case): other platforms connect through POST …/connections/authorize') platform!: 'BLUESKY';
  @IsString() @Length(1, 253) handle!: string;
  @IsString() @Length(1, 200) appPassword!: string;
  @IsOptional() @IsString() @Length(1, 2048) service?: string;
}
