import { expect } from 'chai';
import { type PostActor, type PostRequest } from '../../../application/posts/PostRequest';
import { TOKENS as T } from '../../../config/tokens';
import { DATABASE_KINDS } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { hoursFromNow, type PlanningWorld, rowCounts, startPlanningWorld, X_VALUES } from './planningFixture';

/**
 * UnitOfWork.rehearse on the databases: whatever the work writes (here the whole of
 * posts.create: the post, its job, its event, its count, its slot) is rolled back, its result
 * or its error handed back; it never joins an open transaction, whose writes it would undo.
 */
for (const kind of DATABASE_KINDS) {
  describe(`units of work of dry runs and imports: a rehearsal keeps nothing, an import all its valid rows or none (${kind})`, function () {
    this.timeout(60_000);
    let w: PlanningWorld;
    let actor: PostActor;
    before(async function () {
      w = await startPlanningWorld(this, kind);
      await w.weeklySchedule(w.conn.x);
      const owner = (await w.t.composition.get(T.UserRepository).findByEmail(OWNER_EMAIL))!;
      actor = { userId: owner.id, workspaceId: w.ws, reviewRequired: false, defaultSource: 'api' };
    });
    after(() => w?.t.close());

    const request = (queue: boolean): PostRequest => ({
      groups: [{ id: 'g', isDefault: true, segments: [{ text: 'Rehearsed', media: [], delayMinutes: null }] }],
      targets: [
        {
          connectionId: w.conn.x,
          groupId: 'g',
          settings: { platform: 'TWITTER', values: X_VALUES },
          scheduledAt: queue ? null : new Date(hoursFromNow(4)),
          queue,
        },
      ],
      intent: 'schedule',
    });

    it('posts.create inside a rehearsal: its post is answered, and its post, job, event, count and slot are all rolled back', async () => {
      const unitOfWork = w.t.composition.get(T.UnitOfWork);
      const write = w.t.composition.get(T.WritePosts);
      const before = await rowCounts(w);
      const posts = await unitOfWork.rehearse(async () => [await write.create(actor, request(false)), await write.create(actor, request(true))]);
      expect(posts.map((p) => p.status)).to.deep.equal(['scheduled', 'scheduled']);
      expect(await rowCounts(w)).to.deep.equal(before);
      // The commit steps noted (post_counts) never ran: a real create counts one post more.
      await write.create(actor, request(false));
      expect((await rowCounts(w)).post_counts - before.post_counts).to.equal(1);
    });

    it("hands back the work's error, and keeps nothing it wrote before failing", async () => {
      const unitOfWork = w.t.composition.get(T.UnitOfWork);
      const before = await rowCounts(w);
      const failed = await unitOfWork
        .rehearse(async () => {
          await w.t.composition.get(T.WritePosts).create(actor, request(true));
          throw new Error('the work failed');
        })
        .catch((error: Error) => error.message);
      expect(failed).to.equal('the work failed');
      expect(await rowCounts(w)).to.deep.equal(before);
    });

    it('an import that fails as a whole (a bug at its third row) keeps none of its rows; a refused row alone fails only itself', async () => {
      const imports = w.t.composition.get(T.ImportPosts);
      const before = await rowCounts(w);
      const broken = { ...request(false), targets: null } as unknown as PostRequest;
      const rows = [
        { row: 2, request: request(false) },
        { row: 3, request: request(true) },
        { row: 4, request: broken },
      ];
      const failed = await imports.execute(actor, rows, { dryRun: false }).catch((error: Error) => error.name);
      expect(failed).to.equal('TypeError');
      expect(await rowCounts(w)).to.deep.equal(before);
      const refused = {
        ...request(false),
        intent: 'schedule',
        targets: [{ ...request(false).targets[0]!, scheduledAt: new Date(hoursFromNow(-1)) }],
      } as PostRequest;
      const results = await imports.execute(actor, [rows[0]!, { row: 3, request: refused }], { dryRun: false });
      expect(results.map((r) => ('post' in r ? 'created' : r.error.code))).to.deep.equal(['created', 'invalid_post']);
      expect((await rowCounts(w)).posts - before.posts).to.equal(1);
    });

    it('is refused inside an open unit of work, which it would undo too', async () => {
      const unitOfWork = w.t.composition.get(T.UnitOfWork);
      const refused = await unitOfWork.run(() => unitOfWork.rehearse(async () => 'never')).catch((error: Error) => error.message);
      expect(refused).to.match(/cannot join an open transaction/);
    });
  });
}
