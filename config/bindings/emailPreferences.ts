import { type DataSource } from 'typeorm';
import { MemoryEmailOptIns } from '../../adapters/outbound/persistence/memory/MemoryEmailOptIns';
import { TypeOrmEmailOptIns } from '../../adapters/outbound/persistence/typeorm/email/TypeOrmEmailOptIns';
import { ManageEmailPreferences } from '../../application/me/ManageEmailPreferences';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/** People's email preferences: their store (the database's, or memory's), the use case, and the port every mailer consults. */
export function bindEmailPreferences(w: Wiring, dataSource: DataSource | null): void {
  w.value(T.EmailOptInStore, dataSource === null ? new MemoryEmailOptIns() : new TypeOrmEmailOptIns(dataSource));
  w.construct(T.ManageEmailPreferences, ManageEmailPreferences, [T.EmailOptInStore, T.Clock]);
  w.build(T.EmailPreferences, [T.ManageEmailPreferences], (preferences) => preferences);
}
