import { IsIn, IsOptional, IsString, Length } from 'class-validator';

/** The body of connections.create: Bluesky, connected with an app password (other platforms connect through authorize). */
export class ConnectWithAppPasswordBody {
  @IsIn(['BLUESKY'], { message: 'must be BLUESKY: other platforms connect through POST …/connections/authorize' }) platform!: 'BLUESKY';
  @IsString() @Length(1, 253) handle!: string;
  @IsString() @Length(1, 200) appPassword!: string;
  @IsOptional() @IsString() @Length(1, 2048) service?: string;
}
