import { describe, expect, it } from 'vitest';
import { etagOf } from '@/lib/shared/etag';
import { etagOfAnswer, etagOfRecord } from './etag';

describe('the server’s ETag', () => {
  it('is the dashboard’s (Web Crypto) for the same record, unicode and nesting included', async () => {
    const records = [
      { id: '1', name: 'Ünïcode & Sons “quoted”', amount: 1234.5, nested: { a: [1, null, 'x'] }, none: null },
      { id: '22', emoji: '🏗️', empty: {} },
    ];
    for (const record of records) expect(etagOfRecord('project', record)).toBe(await etagOf('project', record));
    // By hand (openssl dgst -sha256 | base64url): `{"lead":{"id":"1"}}`.
    expect(etagOfRecord('lead', { id: '1' })).toBe('"FKM26KGCmL4Tyu1VBScTfftMmWYmPx948k78JAschQo"');
  });

  it('is given to single-record answers only', () => {
    const body = { leads: [{ id: '1' }] };
    expect(etagOfAnswer(body, JSON.stringify(body))).toBeNull();
    expect(etagOfAnswer({ lead: { id: '1' } }, '{"lead":{"id":"1"}}')).toBe(etagOfRecord('lead', { id: '1' }));
  });
});
