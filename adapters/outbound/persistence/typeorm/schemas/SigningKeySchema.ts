import { EntitySchema } from 'typeorm';
import { text, timestamp, varchar } from './columns';

export interface SigningKeyRow {
  kid: string;
  algorithm: string;
  /** JSON text of the public JWK. */
  publicJwk: string;
  /** The private JWK, encrypted by the key store before it reaches the database. */
  encryptedPrivateJwk: string;
  createdAt: Date;
  /** When it may start signing; null for keys made before rotation existed (= createdAt). */
  activatesAt: Date | null;
}

export const SigningKeySchema = new EntitySchema<SigningKeyRow>({
  name: 'SigningKey',
  tableName: 'signing_keys',
  columns: {
    kid: varchar('kid', 64, { primary: true }),
    algorithm: varchar('algorithm', 20),
    publicJwk: text('public_jwk'),
    encryptedPrivateJwk: text('encrypted_private_jwk'),
    createdAt: timestamp('created_at'),
    activatesAt: timestamp('activates_at', { nullable: true }),
  },
});
