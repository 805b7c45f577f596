import { z } from 'zod';
import { recordResponse, responseTimestamp } from './common';

export const sessionResponse = recordResponse('Session', {
  last_seen_at: responseTimestamp.meta({
    description: 'When the session was last extended (at sign-in, then at most once a day while in use).',
  }),
  expires_at: responseTimestamp,
  user_agent: z.string().nullable().meta({ description: 'The browser that signed in, as it named itself.' }),
  ip_address: z.string().nullable().meta({ description: 'The address it signed in from.' }),
  current: z.boolean().meta({ description: 'Whether this is the session making the request.' }),
});
export type SessionResponse = z.output<typeof sessionResponse>;
