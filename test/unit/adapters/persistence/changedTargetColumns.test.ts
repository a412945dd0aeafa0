import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { dialectOf } from '../../../../adapters/outbound/persistence/typeorm/sql/Dialect';
import { PostWrites } from '../../../../adapters/outbound/persistence/typeorm/sql/postWrites';
import { type PostTargetRow } from '../../../../adapters/outbound/persistence/typeorm/schemas/PostTargetSchema';
import { targetRow } from '../../../support/data/targetRows';

const writes = new PostWrites(dialectOf({ options: { type: 'better-sqlite3' } } as DataSource));

const poll = { options: ['yes', 'no'], minutes: 60 };
const stored: PostTargetRow = targetRow({
  id: 't1',
  postId: 'p1',
  workspaceId: 'w1',
  connectionId: 'c1',
  settings: { platform: 'TWITTER', values: { replySettings: 'everyone', poll } },
  scheduledAt: new Date('2026-01-01T10:00:00Z'),
  queued: true,
});

/** A save's copy of the row, as PostTargetMapper makes it: the settings a new object, their values kept. */
const copied = (row: PostTargetRow, changes: Partial<PostTargetRow> = {}): PostTargetRow => {
  const settings = row.settings as { platform: string; values: Record<string, unknown> };
  return { ...row, settings: { platform: settings.platform, values: { ...settings.values } }, ...changes };
};

/**
 * The columns a round's set-wise UPDATE of post_targets sets: only those whose stored value a
 * save changes (SQLite rewrites the index entries of every column set), settings included
 * only when they would be stored differently.
 */
describe('the target columns a held save changes', () => {
  it('a target begun: its status and attempts, not its settings, though the save copied them', () => {
    const begun = copied(stored, { status: 'publishing', attempts: 1 });
    expect(writes.changedColumns(stored, begun)).to.deep.equal(['status', 'attempts']);
  });

  it('the same time as another Date object is no change', () => {
    expect(writes.changedColumns(stored, copied(stored, { scheduledAt: new Date(stored.scheduledAt!.getTime()) }))).to.deep.equal([]);
  });

  it('settings changed in a nested value, a value added, or another platform: settings is set', () => {
    const values = (stored.settings as { values: Record<string, unknown> }).values;
    const nested = { ...stored, settings: { platform: 'TWITTER', values: { ...values, poll: { ...poll, minutes: 30 } } } };
    const added = { ...stored, settings: { platform: 'TWITTER', values: { ...values, quote: 'x' } } };
    expect(writes.changedColumns(stored, nested)).to.deep.equal(['settings']);
    expect(writes.changedColumns(stored, added)).to.deep.equal(['settings']);
    expect(writes.changedColumns(stored, { ...stored, settings: { platform: 'BLUESKY', values } })).to.deep.equal(['settings']);
  });

  it('a nested value copied into an equal object is no change; settings of another shape are compared as stored', () => {
    const values = (stored.settings as { values: Record<string, unknown> }).values;
    const equalCopy = { ...stored, settings: { platform: 'TWITTER', values: { ...values, poll: { ...poll } } } };
    expect(writes.changedColumns(stored, equalCopy)).to.deep.equal([]);
    const odd = { ...stored, settings: { platform: 'TWITTER', values, extra: 1 } };
    expect(writes.changedColumns(stored, odd)).to.deep.equal(['settings']);
    expect(writes.changedColumns(odd, { ...odd, settings: { ...odd.settings } })).to.deep.equal([]);
  });
});
