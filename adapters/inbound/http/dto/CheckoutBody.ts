import { IsOptional, IsString, Length } from 'class-validator';
import { CHECKOUT_ID_MAX } from '../contract/requestLimits';

/** The body of transcriptions.checkout (docs/account.md). */
export class CheckoutBody {
  @IsString() @Length(1, CHECKOUT_ID_MAX) productId!: string;
  /** For a workspace product bought with a session: the workspace it pays for. */
  @IsOptional() @IsString() @Length(1, CHECKOUT_ID_MAX) workspaceId?: string;
}
