import { type ApiKeyCredentials, type ApiKeyWithCreator } from '../../../../application/ports/ApiKeyCredentials';
import { API_KEY_WITH_CREATOR_SQL, apiKeyWithCreatorOf } from '../typeorm/repositories/TypeOrmApiKeyCredentials';
import { type DriverReads } from './DriverReads';

/**
 * Authenticating an API key on a statement prepared once per connection: TypeOrmApiKeyCredentials'
 * statement and mapping, read on the same connection (SQLite's read-only one, a pooled one on
 * MySQL), never cached (a revoked key or a departed creator is refused at once).
 */
export class PreparedApiKeyCredentials implements ApiKeyCredentials {
  constructor(
    private readonly reads: DriverReads,
    private readonly typeOrm: ApiKeyCredentials,
  ) {}

  async findByLookupPrefix(prefix: string): Promise<ApiKeyWithCreator | null> {
    if (!this.reads.usable()) return this.typeOrm.findByLookupPrefix(prefix);
    const [row] = await this.reads.rows(API_KEY_WITH_CREATOR_SQL, [prefix]);
    return row === undefined ? null : apiKeyWithCreatorOf(row);
  }
}
