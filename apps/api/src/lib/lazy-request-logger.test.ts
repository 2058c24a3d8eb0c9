import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LazyRequestLogger, type ParentLogger } from './lazy-request-logger.ts';

/** The server's pino logger (as Fastify builds it) writing its lines, time left out, to an array. */
function serverLogger(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk).replace(/"time":\d+,/, ''));
      callback();
    },
  });
  const app = Fastify({
    logger: {
      level,
      stream,
      redact: ['req.headers.authorization'],
      serializers: { thing: (value: { id: number }) => ({ id: value.id }) },
    },
  });
  return { logger: app.log as ParentLogger, lines };
}

/** The same calls, through a logger: one of each level, objects, a redacted field, a serializer, a grandchild. */
function logEverything(log: FastifyBaseLogger) {
  log.trace('a trace');
  log.debug({ detail: 1 }, 'a debug');
  log.info({ req: { headers: { authorization: 'Bearer secret' } } }, 'incoming %s', 'request');
  log.warn({ thing: { id: 7, secret: 'x' } }, 'a warning');
  log.error(new Error('it broke'));
  log.fatal('the end');
  log.child({ part: 'inner' }).warn('from a child');
}

describe('LazyRequestLogger', () => {
  it.each(['trace', 'info', 'warn', 'error', 'silent'])("writes what pino's child writes, at level %s", (level) => {
    const expected = serverLogger(level);
    logEverything(expected.logger.child({ reqId: 'r-1' }, {}));
    const lazy = serverLogger(level);
    logEverything(new LazyRequestLogger(lazy.logger, { reqId: 'r-1' }, {}));
    expect(lazy.lines.map((line) => line.replace(/"stack":"[^"]*"/, ''))).toEqual(
      expected.lines.map((line) => line.replace(/"stack":"[^"]*"/, '')),
    );
    if (level !== 'silent') expect(lazy.lines.length).toBeGreaterThan(0);
  });

  it('follows a level given for the route, and a level set later', () => {
    const expected = serverLogger('warn');
    const child = expected.logger.child({ reqId: 'r-2' }, { level: 'debug' });
    logEverything(child);
    child.level = 'error';
    logEverything(child);
    const lazy = serverLogger('warn');
    const logger = new LazyRequestLogger(lazy.logger, { reqId: 'r-2' }, { level: 'debug' });
    expect(logger.level).toBe('debug');
    logEverything(logger);
    logger.level = 'error';
    expect(logger.level).toBe('error');
    logEverything(logger);
    expect(lazy.lines.map((line) => line.replace(/"stack":"[^"]*"/, ''))).toEqual(
      expected.lines.map((line) => line.replace(/"stack":"[^"]*"/, '')),
    );
  });
});
