import { describe, expect, it } from 'vitest';
import { CLIENT_LOG_MAX_LOG_LENGTH, clientLogBodySchema } from '../src/entities/client-log.ts';
import { issuesOf } from './helpers.ts';

describe('clientLogBodySchema (the logging POST)', () => {
  it('needs log, platform and error; every refusal is Bad_Request_Text', () => {
    expect(issuesOf(clientLogBodySchema, { log: 'x', platform: 'web', error: 'boom' })).toEqual([]);
    expect(issuesOf(clientLogBodySchema, { log: 'x' })).toEqual([
      'platform: Bad_Request_Text',
      'error: Bad_Request_Text',
    ]);
    expect(issuesOf(clientLogBodySchema, { log: '  ', platform: 'web', error: 'e' })).toEqual([
      'log: Bad_Request_Text',
    ]);
  });

  it('caps the texts and keeps the platform a short name', () => {
    const long = 'x'.repeat(CLIENT_LOG_MAX_LOG_LENGTH + 1);
    expect(issuesOf(clientLogBodySchema, { log: long, platform: 'web', error: 'e' })).toHaveLength(1);
    expect(issuesOf(clientLogBodySchema, { log: 'x', platform: 'web app', error: 'e' })).toHaveLength(1);
    expect(issuesOf(clientLogBodySchema, { log: 'x', platform: 'android-12', error: 'e' })).toEqual([]);
  });
});
