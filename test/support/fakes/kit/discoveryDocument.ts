import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Violation } from './RequestChecker';

/** The parts of a Google discovery document (`discovery#restDescription`) the checker reads. */

export interface DiscoveryParameter {
  readonly type?: string;
  readonly format?: string;
  readonly location?: string;
  readonly required?: boolean;
  readonly repeated?: boolean;
  readonly enum?: readonly string[];
  readonly minimum?: string;
  readonly maximum?: string;
  readonly pattern?: string;
}

export interface DiscoverySchema {
  readonly id?: string;
  readonly $ref?: string;
  readonly type?: string;
  readonly format?: string;
  readonly properties?: Readonly<Record<string, DiscoverySchema>>;
  readonly additionalProperties?: DiscoverySchema;
  readonly items?: DiscoverySchema;
  readonly enum?: readonly string[];
  readonly minimum?: string;
  readonly maximum?: string;
  readonly pattern?: string;
  /** The methods for which the property is required: discovery's only "required" for bodies. */
  readonly annotations?: { readonly required?: readonly string[] };
}

export interface DiscoveryUploadProtocol {
  readonly multipart?: boolean;
  /** Absolute, from the root URL: `/upload/youtube/v3/videos`. */
  readonly path: string;
}

export interface DiscoveryMethod {
  readonly id: string;
  readonly httpMethod: string;
  /** Relative to the service path: `youtube/v3/videos`. */
  readonly path: string;
  readonly flatPath?: string;
  readonly parameters?: Readonly<Record<string, DiscoveryParameter>>;
  readonly parameterOrder?: readonly string[];
  readonly request?: { readonly $ref: string };
  readonly response?: { readonly $ref: string };
  readonly scopes?: readonly string[];
  readonly supportsMediaUpload?: boolean;
  readonly mediaUpload?: {
    readonly accept?: readonly string[];
    readonly maxSize?: string;
    readonly protocols?: { readonly simple?: DiscoveryUploadProtocol; readonly resumable?: DiscoveryUploadProtocol };
  };
}

interface DiscoveryResource {
  readonly methods?: Readonly<Record<string, DiscoveryMethod>>;
  readonly resources?: Readonly<Record<string, DiscoveryResource>>;
}

export interface DiscoveryDocument {
  readonly kind: string;
  readonly name: string;
  readonly title?: string;
  readonly version: string;
  readonly revision?: string;
  readonly servicePath?: string;
  readonly parameters?: Readonly<Record<string, DiscoveryParameter>>;
  readonly resources?: Readonly<Record<string, DiscoveryResource>>;
  readonly schemas?: Readonly<Record<string, DiscoverySchema>>;
}

/** A violation before it is told which method it belongs to. */
export type Finding = Omit<Violation, 'operation'>;

const FIXTURES = join(__dirname, '..', '..', '..', 'fixtures', 'platform-apis');

/** A discovery document kept in test/fixtures/platform-apis (its provenance is in the README there). */
export function loadDiscoveryDocument(fileName: string): DiscoveryDocument {
  const document = JSON.parse(readFileSync(join(FIXTURES, fileName), 'utf8')) as DiscoveryDocument;
  if (document.kind !== 'discovery#restDescription') throw new Error(`${fileName} is not a discovery document`);
  return document;
}

/** Every method of the document, nested resources included. */
export function methodsOf(document: DiscoveryDocument): DiscoveryMethod[] {
  const walk = (resources: DiscoveryDocument['resources']): DiscoveryMethod[] =>
    Object.values(resources ?? {}).flatMap((resource) => [...Object.values(resource.methods ?? {}), ...walk(resource.resources)]);
  return walk(document.resources);
}

const UNITS: Record<string, number> = { '': 1, B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/** `mediaUpload.maxSize` in bytes: plain digits (`274877906944`) or older documents' `128GB`. */
export function maxSizeOf(method: DiscoveryMethod): number | null {
  const match = /^(\d+)\s*([KMGT]?B)?$/i.exec(method.mediaUpload?.maxSize ?? '');
  return match ? Number(match[1]) * (UNITS[(match[2] ?? '').toUpperCase()] ?? 1) : null;
}
