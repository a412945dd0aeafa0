import { engineScenarios } from '../../../integration/publishing/engineScenarios';

// The engine on the in-memory composition; the same scenarios run on SQLite and MySQL in
// test/integration/publishing/publishingEngine.test.ts.
engineScenarios('memory');
