import { DATABASE_KINDS } from '../../support/databases';
import { engineScenarios } from './engineScenarios';

for (const kind of DATABASE_KINDS) engineScenarios(kind);
