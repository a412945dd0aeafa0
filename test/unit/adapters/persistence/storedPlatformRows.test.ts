import { expect } from 'chai';
import { ConnectionMapper } from '../../../../adapters/outbound/persistence/typeorm/mappers/ConnectionMapper';
import { PostTargetMapper } from '../../../../adapters/outbound/persistence/typeorm/mappers/PostTargetMapper';
import { RowMappingError } from '../../../../adapters/outbound/persistence/typeorm/mappers/RowMappingError';
import { type ConnectionRow } from '../../../../adapters/outbound/persistence/typeorm/schemas/ConnectionSchema';
import { type PostTargetRow } from '../../../../adapters/outbound/persistence/typeorm/schemas/PostTargetSchema';
import { targetRow } from '../../../support/data/targetRows';

const connectionRow = (platform: string): ConnectionRow => ({
  id: 'conn_1',
  workspaceId: 'ws_1',
  sandbox: false,
  accountId: null,
  publishAs: null,
  statusReason: null,
  lastError: null,
  lastErrorAt: null,
  platform,
  handle: '@me',
  displayName: null,
  status: 'active',
  createdAt: new Date(0),
});
const targetRowOf = (platform: string, settings: object): PostTargetRow => targetRow({ platform, settings });
const mappingError = (map: () => unknown): RowMappingError => {
  try {
    map();
  } catch (e) {
    if (e instanceof RowMappingError) return e;
    throw e;
  }
  throw new Error('expected a RowMappingError');
};

describe('stored rows naming a platform', () => {
  it('a connection row: a known platform reads, an unknown one is corrupt data', () => {
    expect(ConnectionMapper.toDomain(connectionRow('TIKTOK')).platform).to.equal('TIKTOK');
    expect(mappingError(() => ConnectionMapper.toDomain(connectionRow('MYSPACE'))).message).to.equal(
      'connections row conn_1: platform has unknown value "MYSPACE"',
    );
  });

  it('a target row: settings from a looser rule are upcast, never refused', () => {
    const snapshot = PostTargetMapper.toSnapshot(targetRowOf('FACEBOOK', { platform: 'FACEBOOK', values: { legacy: 1 } }));
    expect(snapshot.settings).to.deep.equal({ platform: 'FACEBOOK', values: { privacy: 'ONLY_ME' } });
  });

  it('a target row: an unknown platform, or settings of another platform than the row, is corrupt data', () => {
    expect(mappingError(() => PostTargetMapper.toSnapshot(targetRowOf('MYSPACE', { platform: 'MYSPACE', values: {} }))).message).to.include(
      'post_targets row tgt_1: settings.platform "MYSPACE"',
    );
    expect(mappingError(() => PostTargetMapper.toSnapshot(targetRowOf('TWITTER', { platform: 'BLUESKY', values: {} }))).message).to.include(
      'platform TWITTER differs from settings.platform BLUESKY',
    );
  });
});
