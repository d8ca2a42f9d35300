import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from '../src/http/request-ids.ts';

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;

describe('request ids', () => {
  it('honours a safe X-Request-Id from a proxy and replaces an unsafe one', () => {
    const next = requestIdGenerator();
    expect(next(request({ 'x-request-id': 'abc-123_X' }))).toBe('abc-123_X');
    for (const unsafe of ['a b', 'a\nb', 'x'.repeat(65), '']) {
      expect(next(request({ 'x-request-id': unsafe }))).not.toBe(unsafe);
    }
  });

  it('makes ids unique within an instance and across instances', () => {
    const first = requestIdGenerator();
    const second = requestIdGenerator();
    const ids = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      ids.add(first(request()));
      ids.add(second(request()));
    }
    expect(ids.size).toBe(10_000);
    for (const id of ids) expect(id).toMatch(/^[\w-]{1,64}$/);
  });
});
