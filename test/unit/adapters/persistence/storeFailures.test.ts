import { expect } from 'chai';
import { QueryFailedError } from 'typeorm';
import { databaseUnavailable, isStoreUnavailable } from '../../../../adapters/outbound/persistence/typeorm/storeFailures';

const driverError = (code: string, message = 'driver failure'): Error => Object.assign(new Error(message), { code });
const wrapped = (error: Error): QueryFailedError => new QueryFailedError('SELECT 1', [], error);

describe('isStoreUnavailable: which database errors mean "unreachable or busy" (docs/errors.md)', () => {
  const unavailable: [string, unknown][] = [
    ['a refused connection (mysql2)', driverError('ECONNREFUSED')],
    ['a reset connection, wrapped by TypeORM', wrapped(driverError('ECONNRESET'))],
    ['a lost connection', wrapped(driverError('PROTOCOL_CONNECTION_LOST'))],
    ['a timed-out statement or handshake', driverError('PROTOCOL_SEQUENCE_TIMEOUT')],
    ['too many connections (MariaDB)', driverError('ER_CON_COUNT_ERROR')],
    ['a server shutting down', wrapped(driverError('ER_SERVER_SHUTDOWN'))],
    ["mysql2's full pool queue", new Error('Queue limit reached.')],
    ['a command on a closed connection', wrapped(new Error("Can't add new command when connection is in closed state"))],
    ['SQLite locked past the busy timeout', wrapped(driverError('SQLITE_BUSY', 'database is locked'))],
    ['SQLite busy on a stale snapshot', wrapped(driverError('SQLITE_BUSY_SNAPSHOT'))],
    ['an SQLite file that cannot be opened', driverError('SQLITE_CANTOPEN')],
    ['an SQLite I/O error', wrapped(driverError('SQLITE_IOERR_READ'))],
    ['a DataSource not connected', Object.assign(new Error('not connected'), { name: 'CannotExecuteNotConnectedError' })],
  ];
  for (const [what, error] of unavailable) {
    it(`is true for ${what}`, () => expect(isStoreUnavailable(error)).to.equal(true));
  }

  const bugs: [string, unknown][] = [
    ['a duplicate key', wrapped(driverError('ER_DUP_ENTRY'))],
    ['an SQLite constraint', wrapped(driverError('SQLITE_CONSTRAINT_UNIQUE'))],
    ['a syntax error', wrapped(driverError('ER_PARSE_ERROR'))],
    ['a lock wait on a row (contention, not an outage)', wrapped(driverError('ER_LOCK_WAIT_TIMEOUT'))],
    ['a programming error', new TypeError('cannot read properties of undefined')],
    ['something that is not an error', 'ECONNREFUSED'],
  ];
  for (const [what, error] of bugs) {
    it(`is false for ${what}`, () => expect(isStoreUnavailable(error)).to.equal(false));
  }

  it('gives callers a stable code and keeps the driver error as its cause only', () => {
    const cause = driverError('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:3306');
    const error = databaseUnavailable(cause);
    expect(error).to.include({ kind: 'unavailable', code: 'database_unavailable' });
    expect(error.message).not.to.include('10.0.0.5');
    expect(error.cause).to.equal(cause);
  });
});
