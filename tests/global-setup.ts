import postgres from 'postgres';
import type { TestProject } from 'vitest/node';

// With TEST_DATABASE_URL (or DATABASE_URL) the suite runs against real PostgreSQL, in a throwaway
// database created here and dropped afterwards; without either it runs on in-memory PGlite.
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    project.provide('databaseUrl', '');
    return;
  }
  const name = `groundwork_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  project.provide('databaseUrl', url.toString());

  // Migrate once here, so test workers start on a ready schema.
  process.env.DATABASE_URL = url.toString();
  const { openDatabase } = await import('@/db');
  const database = openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 1, prepare: process.env.DATABASE_POOLER !== 'transaction' });
  await database.migrate();
  await database.close();

  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
