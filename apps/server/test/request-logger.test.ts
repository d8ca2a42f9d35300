import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLoggerFactory } from '../src/http/request-logger.ts';

function loggerAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, destination), lines };
}

describe('the request logger', () => {
  it('makes no pino child for lines below the level, and writes the others with the request id', () => {
    const { logger, lines } = loggerAt('warn');
    const child = vi.spyOn(logger, 'child');
    const log = requestLoggerFactory(logger, { reqId: 'r-1' }, {});
    log.info({ url: '/v1/x' }, 'incoming request');
    log.debug('details');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);

    log.warn({ code: 'X' }, 'something odd');
    log.error(new Error('broken'), 'failed');
    log.info('still below the level');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.reqId, line.msg, line.level])).toEqual([
      ['r-1', 'something odd', 40],
      ['r-1', 'failed', 50],
    ]);
    expect(lines[0]!.code).toBe('X');
    expect((lines[1]!.err as { message: string }).message).toBe('broken');
  });

  it('follows the level, gives children the request id, and uses pino for route options', () => {
    const { logger, lines } = loggerAt('info');
    const log = requestLoggerFactory(logger, { reqId: 'r-2' }, {});
    expect(log.level).toBe('info');
    log.info('shown');
    log.child({ part: 'upload' }).info('from a child');
    const own = requestLoggerFactory(logger, { reqId: 'r-3' }, { level: 'error' });
    own.info('hidden by the route level');
    expect(own.level).toBe('error');
    expect(lines.map((line) => [line.reqId, line.part, line.msg])).toEqual([
      ['r-2', undefined, 'shown'],
      ['r-2', 'upload', 'from a child'],
    ]);
  });
});
