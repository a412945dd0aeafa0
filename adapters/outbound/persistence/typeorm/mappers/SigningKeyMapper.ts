import { type StoredSigningKey } from '../../../keys/SigningKeyStore';
import { type SigningKeyRow } from '../schemas/SigningKeySchema';
import { optionalDate, requireDate } from './RowMappingError';

export const SigningKeyMapper = {
  toStored(row: SigningKeyRow): StoredSigningKey {
    const createdAt = requireDate(row.createdAt, { table: 'signing_keys', key: row.kid, column: 'created_at' });
    return {
      kid: row.kid,
      algorithm: row.algorithm,
      publicJwk: row.publicJwk,
      encryptedPrivateJwk: row.encryptedPrivateJwk,
      createdAt,
      activatesAt: optionalDate(row.activatesAt, { table: 'signing_keys', key: row.kid, column: 'activates_at' }) ?? createdAt,
    };
  },

  toRow(key: StoredSigningKey): SigningKeyRow {
    return {
      kid: key.kid,
      algorithm: key.algorithm,
      publicJwk: key.publicJwk,
      encryptedPrivateJwk: key.encryptedPrivateJwk,
      createdAt: key.createdAt,
      activatesAt: key.activatesAt,
    };
  },
};
