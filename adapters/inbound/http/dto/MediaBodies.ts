import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

/** The body of media.import. */
export class ImportMediaBody {
  @IsString() @Length(1, 4096) url!: string;
}

/** The body of media.createUpload: the whole file's size, so parts can be checked as they come. */
export class CreateUploadBody {
  @IsInt() @Min(1) @Max(Number.MAX_SAFE_INTEGER) sizeBytes!: number;
  @IsOptional() @IsString() @Length(1, 200) fileName?: string;
}
