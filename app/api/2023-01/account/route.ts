import { ACCESS } from '@/lib/server/http/access';
import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { getAccount, updateAccount } from '@/lib/server/services/account';
import { accountUpdate } from '@/lib/shared/validation/account';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/account — the caller's account: its name and default time zone
  GET: async ({ db, ctx }) => json({ account: await getAccount(db, ctx) }),
  // PATCH /api/2023-01/account — rename it, or set the time zone of users who have not chosen one (admins)
  PATCH: {
    access: ACCESS.account,
    run: async ({ db, ctx, req }) => json({ account: await updateAccount(db, ctx, await parseBody(req, 'account', accountUpdate)) }),
  },
});
