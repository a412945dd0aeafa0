import { IsArray, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { ALL_SCOPES, type Scope } from '../../../../domain/credential/Scope';
import { ROLES, type Role } from '../../../../domain/workspace/Role';
import { API_KEY_NAME_MAX, API_KEY_NAME_MIN } from '../contract/requestLimits';

/** The body of apiKeys.create (docs/api.md, "The operations"). */
export class CreateApiKeyBody {
  @IsOptional() @IsString() @Length(API_KEY_NAME_MIN, API_KEY_NAME_MAX) name?: string;
  @IsIn(ROLES) role!: Role;
  @IsOptional() @IsArray() @IsIn(ALL_SCOPES, { each: true }) scopes?: Scope[];
}
