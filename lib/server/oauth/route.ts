import { getDb } from '@/lib/server/db';
import type { Db } from '@/db';
import { oauthError } from './http';

// The OAuth endpoints answer in RFC 6749's shape ({error, error_description}), not the API's:
// every method but POST is a 405, and anything unexpected a logged 500 with nothing else said.
export function defineOAuthPost(handler: (db: Db, req: Request) => Promise<Response>) {
  const refuse = async () => oauthError(405, 'invalid_request', 'Use POST.', { Allow: 'POST' });
  return {
    POST: async (req: Request) => {
      try {
        return await handler(getDb(), req);
      } catch (err) {
        console.error('[oauth] unhandled error', err);
        return oauthError(500, 'server_error', 'Something went wrong on our side.');
      }
    },
    GET: refuse,
    PUT: refuse,
    PATCH: refuse,
    DELETE: refuse,
  };
}
