export { MemoryApiKeyRepository } from './MemoryApiKeyRepository';
export { MemoryConnectionRepository } from './MemoryConnectionRepository';
export { MemoryMembershipRepository } from './MemoryMembershipRepository';
export { MemorySigningKeyStore } from './MemorySigningKeyStore';
export { MemoryUserRepository } from './MemoryUserRepository';
export { MemoryWorkspaceRepository } from './MemoryWorkspaceRepository';
