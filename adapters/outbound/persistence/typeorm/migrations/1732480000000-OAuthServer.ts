import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/** The authorization server's tables and the session store (docs/decisions.md, "OAuth server"). */
export class OAuthServer1732480000000 implements MigrationInterface {
  name = 'OAuthServer1732480000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    const table = (t: ConstructorParameters<typeof Table>[0]) => queryRunner.createTable(new Table(t), false, true, true);
    await table({
      name: 'sessions',
      columns: [
        c.exact('id', 26, { isPrimary: true }),
        c.exact('user_id'),
        c.exact('token_hash', 64, { isNullable: true }),
        c.timestamp('created_at'),
        c.timestamp('expires_at'),
        c.timestamp('revoked_at', { isNullable: true }),
      ],
      uniques: [{ name: 'uq_sessions_token_hash', columnNames: ['token_hash'] }],
      indices: [
        { name: 'idx_sessions_user', columnNames: ['user_id'] },
        { name: 'idx_sessions_expires', columnNames: ['expires_at'] },
      ],
      foreignKeys: [cascadeTo('fk_sessions_user', 'user_id', 'users')],
    });
    await table({
      name: 'oauth_clients',
      columns: [
        c.exact('id', 64, { isPrimary: true }),
        c.text('name', 100),
        c.longText('redirect_uris'),
        c.text('grants', 100),
        c.longText('scopes'),
        c.exact('secret_hash', 64, { isNullable: true }),
        c.timestamp('created_at'),
      ],
    });
    await table({
      name: 'oauth_grants',
      columns: [
        c.exact('id', 26, { isPrimary: true }),
        c.exact('client_id', 64),
        c.exact('user_id'),
        c.exact('workspace_id'),
        c.longText('scopes'),
        c.longText('resource'),
        c.timestamp('created_at'),
        c.timestamp('expires_at'),
        c.timestamp('revoked_at', { isNullable: true }),
      ],
      indices: [
        { name: 'idx_oauth_grants_user_workspace', columnNames: ['user_id', 'workspace_id'] },
        { name: 'idx_oauth_grants_expires', columnNames: ['expires_at'] },
      ],
      foreignKeys: [cascadeTo('fk_oauth_grants_client', 'client_id', 'oauth_clients'), cascadeTo('fk_oauth_grants_user', 'user_id', 'users')],
    });
    // Codes and refresh tokens: one row per single-use artifact, consumed by a conditional update.
    await table({
      name: 'oauth_tokens',
      columns: [
        c.exact('token_hash', 64, { isPrimary: true }),
        c.text('kind', 10),
        c.exact('grant_id'),
        c.exact('client_id', 64),
        c.longText('details'),
        // A refresh token's issue time; null for a code, whose record has none.
        c.timestamp('created_at', { isNullable: true }),
        c.timestamp('expires_at'),
        c.timestamp('consumed_at', { isNullable: true }),
      ],
      indices: [
        { name: 'idx_oauth_tokens_grant', columnNames: ['grant_id'] },
        { name: 'idx_oauth_tokens_expires', columnNames: ['expires_at'] },
      ],
      foreignKeys: [cascadeTo('fk_oauth_tokens_client', 'client_id', 'oauth_clients')],
    });
    await table({
      name: 'oauth_device_authorizations',
      columns: [
        c.exact('id', 26, { isPrimary: true }),
        c.exact('device_code_hash', 64),
        c.exact('user_code_hash', 64),
        c.exact('client_id', 64),
        c.longText('requested_scopes'),
        c.longText('resource'),
        c.exact('workspace_hint', 26, { isNullable: true }),
        c.timestamp('created_at'),
        c.timestamp('expires_at'),
        c.integer('interval_seconds'),
        c.timestamp('last_polled_at', { isNullable: true }),
        c.text('status', 10),
        c.longText('decision', { isNullable: true }),
      ],
      uniques: [
        { name: 'uq_oauth_device_code', columnNames: ['device_code_hash'] },
        { name: 'uq_oauth_device_user_code', columnNames: ['user_code_hash'] },
      ],
      indices: [{ name: 'idx_oauth_device_expires', columnNames: ['expires_at'] }],
      foreignKeys: [cascadeTo('fk_oauth_device_client', 'client_id', 'oauth_clients')],
    });
    await table({
      name: 'oauth_consent_tickets',
      columns: [c.exact('id_hash', 64, { isPrimary: true }), c.exact('user_id'), c.exact('client_id', 64), c.longText('request'), c.timestamp('expires_at')],
      indices: [{ name: 'idx_oauth_consent_expires', columnNames: ['expires_at'] }],
      foreignKeys: [cascadeTo('fk_oauth_consent_client', 'client_id', 'oauth_clients'), cascadeTo('fk_oauth_consent_user', 'user_id', 'users')],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['oauth_consent_tickets', 'oauth_device_authorizations', 'oauth_tokens', 'oauth_grants', 'oauth_clients', 'sessions']) {
      await queryRunner.dropTable(name, false, true, true);
    }
  }
}
