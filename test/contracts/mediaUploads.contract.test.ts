import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type UnitOfWork } from '../../application/ports/UnitOfWork';
import { MemoryMediaUploads } from '../../adapters/outbound/persistence/memory/MemoryMediaLibrary';
import { MemoryUnitOfWork } from '../../adapters/outbound/persistence/memory/MemoryUnitOfWork';
import { MemoryWorkspaceRepository } from '../../adapters/outbound/persistence/memory/MemoryWorkspaceRepository';
import { TypeOrmMediaUploads } from '../../adapters/outbound/persistence/typeorm/media/TypeOrmMediaUploads';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { TypeOrmUnitOfWork } from '../../adapters/outbound/persistence/typeorm/transactionContext';
import { type MediaUploadRepository } from '../../domain/media/MediaRepository';
import { type MediaUploadSnapshot } from '../../domain/media/MediaUpload';
import { Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { DATABASE_KINDS, openTestDatabase, serverFor } from '../support/databases';
import { requireServer } from '../support/services';

interface Backend {
  uploads: MediaUploadRepository;
  workspaces: WorkspaceRepository;
  unitOfWork: UnitOfWork;
  close(): Promise<void>;
}

const NOW = new Date('2026-01-01T00:00:00.123Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
let counter = 0;
const id = (lead: string) => `${lead}${String(++counter).padStart(26 - lead.length, '0')}`;

/** MediaUploadRepository on every adapter; `claim` and `removeExpired` decide who removes an upload. */
function uploadsContract(name: string, open: (ctx: Mocha.Context) => Promise<Backend>): void {
  describe(`Media upload repository contract: ${name}`, function () {
    let b: Backend;
    let ws: string;
    before(async function () {
      b = await open(this);
      const workspace = Workspace.create({ id: id('WS'), name: 'Uploads', now: NOW });
      await b.workspaces.save(workspace);
      ws = workspace.id;
    });
    after(async () => b?.close());

    /** A stored upload expiring a minute after NOW, with parts 1 and 2 recorded. */
    async function stored(): Promise<MediaUploadSnapshot> {
      const upload: MediaUploadSnapshot = {
        id: id('UP'),
        workspaceId: ws,
        createdByUserId: null,
        fileName: 'clip.mp4',
        sizeBytes: 3000,
        partSizeBytes: 1024,
        expiresAt: later(60_000),
        createdAt: NOW,
      };
      await b.uploads.create(upload);
      await b.uploads.recordPart(upload.id, 2, 1024);
      await b.uploads.recordPart(upload.id, 1, 1024);
      return upload;
    }

    it('round-trips an upload and its parts, ascending, a part recorded again kept once', async () => {
      const upload = await stored();
      await b.uploads.recordPart(upload.id, 1, 1024);
      expect(await b.uploads.findById(upload.id)).to.deep.equal(upload);
      expect(await b.uploads.partsOf(upload.id)).to.deep.equal([1, 2]);
      expect(await b.uploads.findById(id('UP'))).to.equal(null);
    });

    it('claim removes a live upload with its parts, once: true, then false', async () => {
      const upload = await stored();
      expect(await b.uploads.claim(upload.id, ws, NOW)).to.equal(true);
      expect(await b.uploads.findById(upload.id)).to.equal(null);
      expect(await b.uploads.partsOf(upload.id)).to.deep.equal([]);
      expect(await b.uploads.claim(upload.id, ws, NOW)).to.equal(false);
    });

    it('records a part only while the upload is there: false, and nothing kept, once it is claimed', async () => {
      const upload = await stored();
      expect(await b.uploads.recordPart(upload.id, 3, 952)).to.equal(true);
      expect(await b.uploads.claim(upload.id, ws, NOW)).to.equal(true);
      expect(await b.uploads.recordPart(upload.id, 3, 952)).to.equal(false);
      expect(await b.uploads.partsOf(upload.id)).to.deep.equal([]);
    });

    it('claim leaves an upload of another workspace, an expired one, and an unknown id', async () => {
      const upload = await stored();
      expect(await b.uploads.claim(upload.id, id('WS'), NOW)).to.equal(false);
      expect(await b.uploads.claim(upload.id, ws, upload.expiresAt)).to.equal(false);
      expect(await b.uploads.claim(id('UP'), ws, NOW)).to.equal(false);
      expect(await b.uploads.findById(upload.id)).to.deep.equal(upload);
      expect(await b.uploads.partsOf(upload.id)).to.deep.equal([1, 2]);
    });

    it('of eight claims at once, exactly one is true', async () => {
      const upload = await stored();
      const results = await Promise.all(Array.from({ length: 8 }, () => b.uploads.claim(upload.id, ws, NOW)));
      expect(results.filter(Boolean)).to.have.length(1);
      expect(await b.uploads.findById(upload.id)).to.equal(null);
    });

    it('removeExpired removes only an expired upload, once; a claimed one is not there to remove', async () => {
      const upload = await stored();
      expect(await b.uploads.removeExpired(upload.id, NOW)).to.equal(false);
      expect(await b.uploads.findById(upload.id)).to.deep.equal(upload);
      const [first, second] = await Promise.all([b.uploads.removeExpired(upload.id, upload.expiresAt), b.uploads.removeExpired(upload.id, upload.expiresAt)]);
      expect([first, second].filter(Boolean)).to.have.length(1);
      expect(await b.uploads.partsOf(upload.id)).to.deep.equal([]);

      const claimed = await stored();
      expect(await b.uploads.claim(claimed.id, ws, NOW)).to.equal(true);
      expect(await b.uploads.removeExpired(claimed.id, later(3_600_000))).to.equal(false);
    });

    it('lists expired uploads, oldest first, up to the limit', async () => {
      const upload = await stored();
      const expired = (await b.uploads.expired(upload.expiresAt, 100)).map((u) => u.id);
      expect(expired).to.include(upload.id);
      expect((await b.uploads.expired(NOW, 100)).map((u) => u.id)).to.not.include(upload.id);
    });

    it('a claim in a unit of work that then fails is undone where the unit of work is atomic', async () => {
      const upload = await stored();
      const failed = await b.unitOfWork
        .run(async () => {
          expect(await b.uploads.claim(upload.id, ws, NOW)).to.equal(true);
          throw new Error('the item could not be saved');
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failed).to.be.instanceOf(Error);
      if (!b.unitOfWork.atomic) return;
      expect(await b.uploads.findById(upload.id)).to.deep.equal(upload);
      expect(await b.uploads.partsOf(upload.id)).to.deep.equal([1, 2]);
    });
  });
}

uploadsContract('memory', async () => ({
  uploads: new MemoryMediaUploads(),
  workspaces: new MemoryWorkspaceRepository(),
  unitOfWork: new MemoryUnitOfWork(),
  close: async () => undefined,
}));

for (const kind of DATABASE_KINDS) {
  uploadsContract(`TypeORM on ${kind}`, async (ctx) => {
    const server = serverFor(kind);
    if (server) await requireServer(ctx, server);
    const dataSource: DataSource = await openTestDatabase(kind);
    return {
      uploads: new TypeOrmMediaUploads(dataSource),
      workspaces: new TypeOrmWorkspaceRepository(dataSource),
      unitOfWork: new TypeOrmUnitOfWork(dataSource),
      close: () => dataSource.destroy(),
    };
  });
}
