import postgres from 'postgres';

// The two-instance journey's database (e2e/scale/instances.spec.ts), made afresh on the server of
// E2E_POSTGRES_URL before the first instance migrates and seeds it.
const server = process.env.E2E_POSTGRES_URL!;
const name = process.env.E2E_INSTANCES_DATABASE!;
const sql = postgres(server, { max: 1, onnotice: () => {} });
await sql.unsafe(`drop database if exists "${name}" with (force)`);
await sql.unsafe(`create database "${name}"`);
await sql.end();
