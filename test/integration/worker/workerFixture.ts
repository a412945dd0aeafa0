import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOKENS as T } from '../../../config/tokens';
import { OWNER_EMAIL, PASSWORD } from '../../support/data/people';
import { DEFAULT_GROUP_ID, segment } from '../../support/data/posts';
import { SETTINGS } from '../../support/data/settings';
import { type TestApp } from '../../support/testApp';

/**
 * A workspace with `connections` Twitter connections on a test app, and due targets made
 * through the real use cases: each post publish_now, one target per connection.
 */
export class DueTargets {
  private constructor(
    private readonly t: TestApp,
    private readonly workspaceId: string,
    private readonly connectionIds: readonly string[],
  ) {}

  static async in(t: TestApp, connections: number): Promise<DueTargets> {
    await t.composition.get(T.CreateUser).execute({ email: OWNER_EMAIL, password: PASSWORD });
    const { workspace } = await t.composition.get(T.CreateWorkspace).execute({ name: 'Workers', ownerEmail: OWNER_EMAIL });
    const ids: string[] = [];
    for (let i = 0; i < connections; i++) {
      ids.push((await t.composition.get(T.AddConnection).execute({ workspaceId: workspace.id, platform: 'TWITTER', handle: `@worker${i}` })).id);
    }
    return new DueTargets(t, workspace.id, ids);
  }

  /** A publish_now post to every connection: its target ids. */
  async post(text = 'Out now'): Promise<string[]> {
    const post = await this.t.composition.get(T.WritePosts).create(
      { userId: 'user-workers', workspaceId: this.workspaceId, reviewRequired: false, defaultSource: 'api' },
      {
        groups: [{ id: DEFAULT_GROUP_ID, isDefault: true, segments: [segment(text)] }],
        targets: this.connectionIds.map((connectionId) => ({ connectionId, groupId: DEFAULT_GROUP_ID, settings: SETTINGS.TWITTER, scheduledAt: null })),
        intent: 'publish_now',
      },
    );
    return post.targets.map((target) => target.id);
  }

  /** Every target's row: status and error. */
  async statuses(): Promise<Map<string, { status: string; error: string | null }>> {
    const rows: Array<{ id: string; status: string; error: string | null }> = await this.t.dataSource.query('SELECT id, status, error FROM post_targets');
    return new Map(rows.map((row) => [row.id, { status: row.status, error: row.error }]));
  }
}

/** A fresh call log path (the file does not exist yet). */
export function freshCallLog(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-calls-')), 'calls.log');
}
