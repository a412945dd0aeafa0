import { expect } from 'chai';
import { FreshGrants } from '../../../../application/connections/FreshGrants';
import { PlatformConnectors } from '../../../../application/connections/PlatformConnectors';
import { type MediaAccess, type PlatformConnector, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { ReadBack } from '../../../../application/publishing/ReadBack';
import { ConnectedPublisher } from '../../../../application/publishing/ConnectedPublisher';
import { SandboxRouting } from '../../../../application/publishing/SandboxRouting';
import { MemoryConnectionCredentials } from '../../../../adapters/outbound/persistence/memory/MemoryConnectionCredentials';
import { MemoryConnectionRepository } from '../../../../adapters/outbound/persistence/memory/MemoryConnectionRepository';
import { Connection } from '../../../../domain/connection/Connection';
import { type ConnectionRepository } from '../../../../domain/connection/ConnectionRepository';
import { SETTINGS } from '../../../support/data/settings';
import { FixedClock } from '../../../support/fixedClock';
import { NOW, oauth2Grant, segmentToPublish } from '../../../support/platformTestKit';
import { ScriptedPublisher } from '../../../support/scriptedPublisher';
import { markNeedsReconnect } from '../../../support/webhookPieces';

/** The real repository, every read of one connection counted. */
class CountingConnections implements ConnectionRepository {
  reads = 0;
  constructor(private readonly inner: ConnectionRepository) {}
  save(connection: Connection) {
    return this.inner.save(connection);
  }
  findById(id: string) {
    this.reads += 1;
    return this.inner.findById(id);
  }
  findByIds(ids: readonly string[]) {
    this.reads += 1;
    return this.inner.findByIds(ids);
  }
  listByAccount(workspaceId: string, platform: string, accountId: string) {
    this.reads += 1;
    return this.inner.listByAccount(workspaceId, platform, accountId);
  }
  findByAccount(workspaceId: string, platform: string, accountId: string, publishAsId: string | null) {
    this.reads += 1;
    return this.inner.findByAccount(workspaceId, platform, accountId, publishAsId);
  }
  listByWorkspace(workspaceId: string, page: { limit: number; offset: number }) {
    this.reads += 1;
    return this.inner.listByWorkspace(workspaceId, page);
  }
}

/** A LinkedIn connector that answers from a script and keeps the account each call was handed. */
function recordingConnector(answers: PublishOutcome['kind'][]) {
  const accounts: Array<PublishingAccount | undefined> = [];
  const connector: PlatformConnector = {
    platform: 'LINKEDIN',
    authorization: null,
    tokens: {
      needsRefresh: () => false,
      refresh: async (grant: PlatformGrant) => ({ ok: true, grant }),
      revoke: async () => undefined,
    },
    publisher: {
      async publish(segment: SegmentToPublish, _grant: PlatformGrant, _media: MediaAccess, account?: PublishingAccount): Promise<PublishOutcome> {
        accounts.push(account);
        if (answers.shift() === 'needsReconnect') return { kind: 'needsReconnect', reason: 'the token was refused' };
        return { kind: 'published', platformPostId: `post-${segment.segmentIndex}`, platformPostUrl: null, postedAt: NOW };
      },
    },
  };
  return { connector, accounts };
}

const NO_MEDIA: MediaAccess = {
  open: async () => {
    throw new Error('no media in these segments');
  },
  link: async () => {
    throw new Error('no media in these segments');
  },
};

describe('publishing a segment reads its connection once', () => {
  let connections: CountingConnections;
  let credentials: MemoryConnectionCredentials;
  const clock = new FixedClock(NOW);

  beforeEach(async () => {
    connections = new CountingConnections(new MemoryConnectionRepository());
    credentials = new MemoryConnectionCredentials();
    const organization = { id: '2414183', kind: 'organization' as const, name: 'Analytical Engines Ltd' };
    await connections.save(
      Connection.create({
        id: 'connection-1',
        workspaceId: 'w1',
        platform: 'LINKEDIN',
        handle: 'Ada Lovelace',
        accountId: 'm-4Xa9',
        publishAs: organization,
        now: NOW,
      }),
    );
    await connections.save(Connection.create({ id: 'sandbox-1', workspaceId: 'w1', platform: 'LINKEDIN', handle: 'sandbox', sandbox: true, now: NOW }));
    await credentials.save('connection-1', oauth2Grant({ accessToken: 'a', refreshToken: 'r' }, { accessMs: 3_600_000, refreshMs: null }, []));
    connections.reads = 0;
  });

  /** The engine's publishers as the service composes them, on the counted repository. */
  function engineWith(connector: PlatformConnector, sandbox = new ScriptedPublisher(clock)) {
    const reconnect = markNeedsReconnect(connections, clock);
    const connected = new ConnectedPublisher(
      new PlatformConnectors([connector]),
      connections,
      new FreshGrants(credentials, reconnect, clock),
      NO_MEDIA,
      clock,
      reconnect,
      new ReadBack(clock),
    );
    return new SandboxRouting(connected, { connections, publisher: sandbox });
  }

  const thread = (segmentIndex: number) =>
    segmentToPublish({ settings: SETTINGS.LINKEDIN, text: `part ${segmentIndex + 1}` } as Parameters<typeof segmentToPublish>[0], {
      segmentIndex,
      segmentCount: 3,
      replyToPlatformPostId: segmentIndex === 0 ? null : `post-${segmentIndex - 1}`,
    });

  it('a thread of three segments: three reads, and the connector gets the account facts of each instead of reading them', async () => {
    const { connector, accounts } = recordingConnector([]);
    const engine = engineWith(connector);

    for (const index of [0, 1, 2]) {
      expect((await engine.publish(thread(index))).kind).to.equal('published');
      expect(connections.reads, `reads after segment ${index}`).to.equal(index + 1);
    }
    expect(accounts).to.deep.equal(
      [0, 1, 2].map(() => ({
        accountId: 'm-4Xa9',
        handle: 'Ada Lovelace',
        publishAs: { id: '2414183', kind: 'organization', name: 'Analytical Engines Ltd' },
      })),
    );
  });

  it('a grant refused, renewed and the call made again: still one read', async () => {
    const { connector, accounts } = recordingConnector(['needsReconnect', 'published']);
    expect((await engineWith(connector).publish(thread(0))).kind).to.equal('published');
    expect(accounts).to.have.length(2);
    expect(connections.reads).to.equal(1);
  });

  it('a sandbox connection: one read, and the platform’s connector is never called', async () => {
    const { connector, accounts } = recordingConnector([]);
    const sandbox = new ScriptedPublisher(clock);
    await engineWith(connector, sandbox).publish({ ...thread(0), connectionId: 'sandbox-1' });
    expect(connections.reads).to.equal(1);
    expect(accounts).to.have.length(0);
  });

  it('a connection removed before its segment: one read, rejected without calling the platform', async () => {
    const { connector, accounts } = recordingConnector([]);
    const outcome = await engineWith(connector).publish({ ...thread(0), connectionId: 'gone' });
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'the connection was removed' });
    expect(connections.reads).to.equal(1);
    expect(accounts).to.have.length(0);
  });
});
