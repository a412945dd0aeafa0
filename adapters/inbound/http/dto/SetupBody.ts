import { IsObject } from 'class-validator';

/** The body of me.updateSetup: its shape; each step and value is the domain's to check (domain/workspace/SetupSteps.ts). */
export class UpdateSetupBody {
  @IsObject() optionalSteps!: Record<string, unknown>;
}
