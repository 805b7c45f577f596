import { resealWebhookSecrets } from '@/lib/server/webhooks/secrets';
import { describeDatabase, run } from './cli';

// npm run db:migrate — applies the committed migrations in db/migrations.
await run(async (database) => {
  await database.migrate();
  console.log(`Migrated ${describeDatabase()}.`);
  // Plaintext webhook secrets, and those sealed with a previous key, sealed with the current one.
  const resealed = await resealWebhookSecrets(database.db);
  if (resealed > 0) console.log(`Re-sealed ${resealed} webhook secret(s).`);
});
