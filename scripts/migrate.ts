import { describeDatabase, run } from './cli';

// npm run db:migrate — applies the committed migrations in db/migrations.
await run(async (database) => {
  await database.migrate();
  console.log(`Migrated ${describeDatabase()}.`);
});
