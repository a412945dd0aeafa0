import { type DataSource } from 'typeorm';
import { type SetupStepsStore } from '../../../../../application/ports/workspaceViews/SetupStepsStore';
import { type SetupStepValue, type SetupSteps } from '../../../../../domain/workspace/SetupSteps';
import { type Dialect, dialectOf, valuesList } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

/** The `workspace_setup_steps` table: one row per step, so a merge is one upsert. */
export class TypeOrmSetupSteps implements SetupStepsStore {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async find(workspaceId: string): Promise<SetupSteps> {
    const rows = await managerOf(this.dataSource).query<Array<{ step: string; value: string }>>(
      'SELECT step, value FROM workspace_setup_steps WHERE workspace_id = ? ORDER BY step',
      [workspaceId],
    );
    return Object.fromEntries(rows.map((row) => [row.step, row.value as SetupStepValue]));
  }

  async merge(workspaceId: string, steps: SetupSteps, now: Date): Promise<number> {
    const m = managerOf(this.dataSource);
    const entries = Object.entries(steps);
    if (entries.length > 0) {
      const onConflict = this.d.sqlite
        ? 'ON CONFLICT (workspace_id, step) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at'
        : 'ON DUPLICATE KEY UPDATE value = VALUES(value), updated_at = VALUES(updated_at)';
      const params = entries.flatMap(([step, value]) => [workspaceId, step, value, this.d.date(now)]);
      await m.query(`INSERT INTO workspace_setup_steps (workspace_id, step, value, updated_at) VALUES ${valuesList(entries.length, 4)} ${onConflict}`, params);
    }
    const [row] = await m.query<Array<{ n: number | string }>>('SELECT COUNT(*) AS n FROM workspace_setup_steps WHERE workspace_id = ?', [workspaceId]);
    return Number(row?.n ?? 0);
  }
}
