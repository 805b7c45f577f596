import fs from 'node:fs';
import path from 'node:path';
import { countAccounts, findUserByEmail } from '@/db/queries/accounts';
import { checkUserPassword, setUserPassword } from '@/lib/server/auth/passwords';
import { authenticateToken, createApiToken } from '@/lib/server/auth/tokens';
import { env } from '@/lib/server/env';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemo } from '@/db/seed/demo';
import { describeDatabase, run } from './cli';

// Before `next dev` (scripts/dev.ts): migrate, seed an empty database, and write the banner: the
// demo login and a working API token for the demo admin, with the origin the server will answer on
// (null when this failed: the message is printed, the exit code set). The
// token is kept beside the embedded database's folder (.data/demo-token; in .data/ for PostgreSQL),
// git-ignored, so each start prints the same one.
const embedded = !env.DATABASE_URL && !env.PGLITE_DATA_DIR.includes('://');
const tokenFile = path.resolve(embedded ? path.dirname(env.PGLITE_DATA_DIR) : '.data', 'demo-token');

export async function setUpDevDatabase(origin: string): Promise<string | null> {
  let banner: string | null = null;
  await run(async (database) => {
    const { db } = database;
    await database.migrate();
    if ((await countAccounts(db)) === 0) {
      await seedDemo(db);
      console.log(`Seeded demo data into ${describeDatabase()}.`);
      fs.rmSync(tokenFile, { force: true });
    }
    const admin = await findUserByEmail(db, DEMO_ADMIN_EMAIL);
    if (!admin) {
      banner = `Database: ${describeDatabase()} (no demo admin ${DEMO_ADMIN_EMAIL}; mint tokens with npm run token:create -- --email <you>)`;
      return;
    }
    // A database seeded before sign-in existed has no password yet: give the admin the demo one.
    let passwordOk = await checkUserPassword(db, admin.id, DEMO_PASSWORD);
    if (passwordOk === null) {
      await setUserPassword(db, admin.id, DEMO_PASSWORD);
      passwordOk = true;
    }
    let token = fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : '';
    const valid = token ? await authenticateToken(db, token) : null;
    if (!valid || valid.userId !== admin.id) {
      token = await createApiToken(db, { accountId: admin.accountId, userId: admin.id }, { name: 'Dev server token' });
      fs.mkdirSync(path.dirname(tokenFile), { recursive: true });
      fs.writeFileSync(tokenFile, token + '\n', { mode: 0o600 });
    }
    banner = [
      '',
      `  Groundwork dev server — database: ${describeDatabase()}`,
      `  Sign in:    ${origin}/sign-in`,
      `  Email:      ${admin.email}`,
      `  Password:   ${passwordOk ? DEMO_PASSWORD : `not "${DEMO_PASSWORD}" (seeded with another SEED_ADMIN_PASSWORD, or changed since)`}`,
      `  API token:  ${token}`,
      `  Try:        curl -H "Authorization: Bearer ${token}" "${origin}/api/2023-01/leads?per_page=2"`,
      '',
    ].join('\n');
  });
  return banner;
}
