import { type DatabaseKind, serverFor } from '../../support/databases';
import { EngineHarness } from '../../support/publishingEngine';
import { requireServer } from '../../support/services';
import { batchScenarios } from './batchScenarios';
import { heartbeatScenarios } from './heartbeatScenarios';
import { limitScenarios } from './limitScenarios';
import { onTimeScenarios } from './onTimeScenarios';
import { outcomeScenarios } from './outcomeScenarios';
import { processingScenarios } from './processingScenarios';
import { threadAndLeaseScenarios } from './threadAndLeaseScenarios';

/**
 * The publishing engine's behaviour (docs/decisions.md, "The publishing engine") against a
 * scripted publisher: the same scenarios on the in-memory composition and on each database.
 */
export function engineScenarios(kind: 'memory' | DatabaseKind): void {
  describe(`the publishing engine (${kind})`, function () {
    let h: EngineHarness | undefined;

    before(async function () {
      const server = kind === 'memory' ? null : serverFor(kind);
      if (server !== null) await requireServer(this, server);
    });
    beforeEach(async () => {
      h = await EngineHarness.start(kind);
    });
    afterEach(() => h?.close());

    const harness = (): EngineHarness => {
      if (h === undefined) throw new Error('the engine harness did not start');
      return h;
    };
    outcomeScenarios(harness);
    threadAndLeaseScenarios(harness);
    heartbeatScenarios(harness);
    limitScenarios(harness);
    processingScenarios(harness);
    onTimeScenarios(harness);
    if (kind !== 'memory') batchScenarios(harness);
  });
}
