import { EntitySchema } from 'typeorm';
import { text, timestamp, varchar } from './columns';

/**
 * `took_effect`: a unit of work of the running request committed; `answer_lost`: it then
 * failed without an answer (IdempotencyStore).
 */
export type IdempotencyState = 'in_progress' | 'took_effect' | 'answer_lost' | 'completed';

export interface IdempotencyKeyRow {
  /** sha256 (hex) of what keys are private to, e.g. the user. */
  scope: string;
  key: string;
  /** sha256 (hex) of the request, so another request under the same key is recognised. */
  fingerprint: string;
  state: IdempotencyState;
  responseStatus: number | null;
  responseContentType: string | null;
  /** The exact body first sent; null while in progress. */
  responseBody: string | null;
  /** The answer's ETag, when it had one. */
  responseEtag: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export const IdempotencyKeySchema = new EntitySchema<IdempotencyKeyRow>({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  /*
   * Left out of schema synchronisation (and so of the migration test's drift check):
   * response_body is `mediumtext` on MySQL (`text` there stops at 64 KiB) but `text` on
   * SQLite, which knows no mediumtext, and one EntitySchema cannot say both. The idempotency
   * contract suite checks the table on both databases instead, a >64 KiB body included.
   */
  synchronize: false,
  columns: {
    scope: varchar('scope', 64, { primary: true }),
    key: varchar('idempotency_key', 255, { primary: true }),
    fingerprint: varchar('fingerprint', 64),
    state: varchar('state', 20),
    responseStatus: { name: 'response_status', type: 'integer', nullable: true },
    responseContentType: varchar('response_content_type', 255, { nullable: true }),
    responseBody: text('response_body', { nullable: true }),
    responseEtag: varchar('response_etag', 100, { nullable: true }),
    createdAt: timestamp('created_at'),
    expiresAt: timestamp('expires_at'),
  },
  indices: [{ name: 'idx_idempotency_keys_expires', columns: ['expiresAt'] }],
});
