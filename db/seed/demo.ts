import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { users } from '@/db/schema';
import { hashPassword } from 'better-auth/crypto';
import { upsertCredential } from '@/db/queries/auth-accounts';
import { seedAccount } from './account';
import { DEFAULT_ADMIN_EMAIL, summitRidgePlan } from './data';
import { seedForecast } from './forecast';
import { harborPointPlan } from './harbor';
import type { PlanUser } from './plan';
import { createRandom } from './random';
import { seedStaffing } from './staffing';

/** The demo admin's email: `SEED_ADMIN_EMAIL`, else demo@groundwork.dev. */
export const DEMO_ADMIN_EMAIL = (process.env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).trim().toLowerCase();

/** The password of every demo user: `SEED_ADMIN_PASSWORD`, else groundwork-demo. */
export const DEFAULT_DEMO_PASSWORD = 'groundwork-demo';
export const DEMO_PASSWORD = process.env.SEED_ADMIN_PASSWORD || DEFAULT_DEMO_PASSWORD;

export interface SeedResult {
  accountId: number;
  adminUserId: number;
  adminEmail: string;
  /** The sign-in password of every user seeded. */
  password: string;
  otherAccountId: number;
  userIds: number[];
}

/**
 * Creates the demo general contractor "Summit Ridge Builders" with a full pipeline, and a small
 * second account, "Harbor Point Construction", that proves tenant isolation. Everything is
 * written in one transaction: a failure leaves nothing behind.
 *
 * The data is the same on every run (names come from a seeded Faker and hand-written lists);
 * dates are relative to now so overdue tasks, snoozes and project statuses always look current.
 *
 * Every seeded user can sign in with the same password (`SEED_ADMIN_PASSWORD`, else
 * groundwork-demo), so the second account can be looked at in a browser too.
 *
 * It may be called again with another admin email: that adds another, independent pair of
 * accounts, whose other users get a `+tag` in their emails to keep emails unique. An admin email
 * that already exists is refused before anything is written.
 */
export async function seedDemo(db: Db, options: { adminEmail?: string; password?: string } = {}): Promise<SeedResult> {
  const adminEmail = (options.adminEmail || process.env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const password = options.password || process.env.SEED_ADMIN_PASSWORD || DEFAULT_DEMO_PASSWORD;
  const baseUrl = (process.env.PUBLIC_BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
  const r = createRandom(new Date());
  return db.transaction(async (tx) => {
    const email = await emailResolver(tx, adminEmail);
    const main = await seedAccount(tx, r, summitRidgePlan, email, baseUrl);
    const other = await seedAccount(tx, r, harborPointPlan, email, baseUrl);
    await seedForecast(tx, r, main.accountId);
    await seedStaffing(tx, main.accountId, r.now);
    const userIds = [...main.userIds, ...other.userIds];
    // One scrypt for everyone: they share the demo password (Better Auth's own hash, as sign-in checks it).
    const hash = await hashPassword(password);
    for (const userId of userIds) await upsertCredential(tx, userId, hash);
    return {
      accountId: main.accountId,
      adminUserId: main.userIds[0]!,
      adminEmail,
      password,
      otherAccountId: other.accountId,
      userIds,
    };
  });
}

/** Plan emails to real ones: as written on a first seed, tagged when those are already taken. */
async function emailResolver(db: Db, adminEmail: string) {
  const staff = [...summitRidgePlan.users, ...harborPointPlan.users].flatMap((u) => (u.email === 'admin' ? [] : [`${u.email.local}@${u.email.domain}`]));
  const wanted = [adminEmail, ...staff].map((e) => e.toLowerCase());
  const found = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted));
  const taken = new Set(found.map((f) => f.email.toLowerCase()));
  if (taken.has(adminEmail.toLowerCase())) {
    throw new Error(`A user with the email ${adminEmail} already exists; seed with another admin email.`);
  }
  const tag = taken.size > 0 ? `+${createHash('sha256').update(adminEmail.toLowerCase()).digest('hex').slice(0, 6)}` : '';
  return (e: PlanUser['email']) => (e === 'admin' ? adminEmail : `${e.local}${tag}@${e.domain}`);
}
