import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorResponse, zodDetails } from './errors';
import { ServiceError } from '@/lib/server/services/errors';

describe('errorResponse', () => {
  it('answers an ServiceError with its status, code, details and headers', async () => {
    const res = errorResponse(new ServiceError('conflict', 'Taken.', { name: ['taken'] }, { 'X-A': '1' }), 'rid-1');
    expect(res.status).toBe(409);
    expect(res.headers.get('x-a')).toBe('1');
    expect(await res.json()).toEqual({ error: 'conflict', message: 'Taken.', details: { name: ['taken'] }, request_id: 'rid-1' });
  });

  it('maps database constraint errors that client input can cause to 4xx', async () => {
    const fk = { cause: { code: '23503', detail: 'Key (company_id)=(5) is not present in table "companies".' } };
    const res = errorResponse(fk, 'r');
    expect(res.status).toBe(422);
    expect((await res.json()).details).toEqual({ company_id: ['does not exist'] });
    expect(errorResponse({ code: '23505' }, 'r').status).toBe(409);
  });

  it('answers 503 service_unavailable with Retry-After when the database connection fails', async () => {
    for (const err of [
      { code: 'ECONNREFUSED' },
      { cause: { code: 'CONNECTION_CLOSED' } },
      { cause: { code: '57P01' } },
      { code: '57P03' },
      { cause: { code: '08006' } },
      { cause: { code: 'CONNECT_TIMEOUT' } },
      { cause: { code: '57014' } },
    ]) {
      const res = errorResponse(err, 'rid-3');
      expect(res.status, JSON.stringify(err)).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({ error: 'service_unavailable', details: {}, request_id: 'rid-3' });
    }
  });

  it('hides an unexpected error behind a logged 500 with the request id', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = errorResponse(new Error('password=hunter2 at db.internal:5432'), 'rid-2');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text)).toMatchObject({ error: 'internal_error', request_id: 'rid-2' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('rid-2'), expect.any(Error));
    log.mockRestore();
  });
});

describe('zodDetails', () => {
  it('keys messages by dotted field path', () => {
    const schema = z.object({ address: z.object({ city: z.string() }), roles: z.array(z.string()) });
    const parsed = schema.safeParse({ address: { city: 1 }, roles: ['a', 2] });
    expect(Object.keys(zodDetails(parsed.error!)).sort()).toEqual(['address.city', 'roles.1']);
  });
});
