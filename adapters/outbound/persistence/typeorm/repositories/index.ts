export { TypeOrmApiKeyRepository } from './TypeOrmApiKeyRepository';
export { TypeOrmConnectionRepository } from './TypeOrmConnectionRepository';
export { TypeOrmMembershipRepository } from './TypeOrmMembershipRepository';
export { TypeOrmSigningKeyStore } from './TypeOrmSigningKeyStore';
export { TypeOrmUserRepository } from './TypeOrmUserRepository';
export { TypeOrmWorkspaceRepository } from './TypeOrmWorkspaceRepository';
