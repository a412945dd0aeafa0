import { type MigrationInterface } from 'typeorm';
import { ConnectionCredentials1732430000000 } from './1732430000000-ConnectionCredentials';
import { ConnectionHealth1732440000000 } from './1732440000000-ConnectionHealth';
import { ConnectStates1732450000000 } from './1732450000000-ConnectStates';
import { PendingSigners1732470000000 } from './1732470000000-PendingSigners';

/** The connected accounts' migrations beyond the foundation, oldest first (listed in ./index.ts). */
export const CONNECTION_MIGRATIONS: Array<new () => MigrationInterface> = [
  ConnectionCredentials1732430000000,
  ConnectionHealth1732440000000,
  ConnectStates1732450000000,
  PendingSigners1732470000000,
];
