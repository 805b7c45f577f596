import type { Db } from '@/db';
import { insertAccount, insertProjectStages, insertUser } from '@/db/queries/accounts';
import type { UserRole } from '@/db/schema/enums';

/** The pipeline a new account starts with; an account can add its own stages later. */
export const DEFAULT_STAGES = [
  { name: 'Lead', category: 'open' },
  { name: 'Qualifying', category: 'open' },
  { name: 'Estimating', category: 'open' },
  { name: 'Bid Submitted', category: 'open' },
  { name: 'Negotiating', category: 'open' },
  { name: 'Won', category: 'won' },
  { name: 'Lost', category: 'lost' },
] as const;

export interface NewUser {
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** Default: `admin` for the first user, so every account starts with an admin; `member` for the rest. */
  role?: UserRole;
}

/** A new tenant with its users and default pipeline stages, in one transaction. */
export async function createAccount(db: Db, input: { name: string; users: NewUser[] }) {
  return db.transaction(async (tx) => {
    const accountId = await insertAccount(tx, input.name);
    const userIds: number[] = [];
    for (const [i, user] of input.users.entries()) {
      userIds.push(await insertUser(tx, { accountId, ...user, role: user.role ?? (i === 0 ? 'admin' : 'member') }));
    }
    const stageIds = await insertProjectStages(tx, accountId, [...DEFAULT_STAGES]);
    return { accountId, userIds, stageIds };
  });
}
