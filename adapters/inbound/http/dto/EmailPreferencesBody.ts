import { IsBoolean } from 'class-validator';

/** The body of me.updateEmailPreferences: both choices, each a JSON boolean (docs/spec.md, "Email preferences"). */
export class EmailPreferencesBody {
  @IsBoolean() productLifecycleEnabled!: boolean;
  @IsBoolean() marketingEnabled!: boolean;
}
