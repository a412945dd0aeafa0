import { expect } from 'chai';
import { JsonLogger } from '../../../../adapters/outbound/logging/JsonLogger';

/** The line a log shipper reads (docs/configuration.md, LOG_LEVEL; docs/operating.md). */
describe('JsonLogger: one JSON line per call, in the shape the docs give', () => {
  it('writes the level by name, an ISO time, the message, then the fields, with nothing else', () => {
    const lines: string[] = [];
    new JsonLogger('info', (line) => lines.push(line)).info('request', { method: 'GET', status: 200, credential: undefined, durationMs: 0.5 });
    expect(lines).to.have.length(1);
    expect(lines[0]).not.to.include('\n');
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(line)).to.deep.equal(['level', 'time', 'message', 'method', 'status', 'durationMs']);
    expect(line).to.deep.include({ level: 'info', message: 'request', method: 'GET', status: 200, durationMs: 0.5 });
    expect(new Date(String(line.time)).toISOString()).to.equal(line.time);
  });

  it('writes the levels at and above LOG_LEVEL only, and nothing at silent', () => {
    const levelsWritten = (level: 'debug' | 'warn' | 'silent') => {
      const lines: string[] = [];
      const logger = new JsonLogger(level, (line) => lines.push(line));
      logger.debug('d');
      logger.info('i');
      logger.warn('w');
      logger.error('e');
      return lines.map((line) => (JSON.parse(line) as { level: string }).level);
    };
    expect(levelsWritten('debug')).to.deep.equal(['debug', 'info', 'warn', 'error']);
    expect(levelsWritten('warn')).to.deep.equal(['warn', 'error']);
    expect(levelsWritten('silent')).to.deep.equal([]);
  });
});
