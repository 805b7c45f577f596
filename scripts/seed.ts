import { countAccounts } from '@/db/queries/accounts';
import { seedDemo } from '@/db/seed/demo';
import { describeDatabase, run } from './cli';

// npm run db:seed — migrates, then fills an empty database with the demo accounts.
await run(async (database) => {
  await database.migrate();
  if ((await countAccounts(database.db)) > 0) {
    console.log(`${describeDatabase()} already has data; nothing seeded.`);
    return;
  }
  const seeded = await seedDemo(database.db);
  console.log(`Seeded ${describeDatabase()}.`);
  console.log(`Demo login: ${seeded.adminEmail} / ${seeded.password}  (sign in at /sign-in)`);
  console.log('Mint an API token with: npm run token:create');
});
