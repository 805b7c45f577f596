import postgres from 'postgres';
import { openDatabase, type Database } from '@/db';
import { createApiToken } from '@/lib/server/auth/tokens';
import { createAccount } from '@/db/queries/accounts';

// The benchmark's own database (never the dev one): one account with, at BENCH_SCALE=1, 100k
// leads, 50k projects, 500k tasks, 20k contacts and 5k companies (BENCH_SCALE multiplies these),
// plus 2k employees with two assignments on every project and some time off, every relation filled. Loaded with INSERT … SELECT generate_series on the
// server, the large tables in chunks; a database per scale, reused while its marker row says it is
// complete.

export const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MARKER = 'groundwork-bench v2 complete';
/** Rows per INSERT of the large tables: progress to print, and transactions of a bounded size. */
const CHUNK = 500_000;

export function sizes(scale: number) {
  return {
    leads: 100_000 * scale,
    projects: 50_000 * scale,
    tasks: 500_000 * scale,
    contacts: 20_000 * scale,
    companies: 5_000 * scale,
    employees: 2_000,
    users: 20,
  };
}
type Sizes = ReturnType<typeof sizes>;

/** `groundwork_bench` at scale 1 (the name it always had), `groundwork_bench_x10` at 10. */
export function dbName(scale: number): string {
  return scale === 1 ? 'groundwork_bench' : `groundwork_bench_x${scale}`;
}

export function benchUrl(scale: number): string {
  const url = new URL(SERVER);
  url.pathname = `/${dbName(scale)}`;
  return url.toString();
}

export interface Seeded {
  scale: number;
  url: string;
  accountId: number;
  userId: number;
  token: string;
  leadIds: number[];
  projectId: number;
  /** The project with the most tasks (tasks?project_id=…). */
  taskProjectId: number;
  contactCompanyId: number;
}

async function ensureDatabase(scale: number): Promise<boolean> {
  const name = dbName(scale);
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (exists) {
      const bench = postgres(benchUrl(scale), { max: 1, onnotice: () => {} });
      try {
        const [marker] = await bench`select 1 from accounts where name = ${MARKER}`.catch(() => []);
        if (marker) return true;
      } finally {
        await bench.end();
      }
      await admin.unsafe(`drop database ${name} with (force)`);
    }
    await admin.unsafe(`create database ${name}`);
    return false;
  } finally {
    await admin.end();
  }
}

async function load(database: Database, scale: number) {
  const SIZES: Sizes = sizes(scale);
  const { accountId, userIds } = await createAccount(database.db, {
    name: 'Bench GC (loading)',
    users: Array.from({ length: SIZES.users }, (_, i) => ({ firstName: `User${i}`, lastName: 'Bench', email: `bench${i}@example.com` })),
  });
  const sql = postgres(benchUrl(scale), { max: 1, onnotice: () => {} });
  const u0 = userIds[0]!;
  const nu = userIds.length;
  const step = async (label: string, query: string) => {
    const t = performance.now();
    await sql.unsafe(query);
    console.log(`  seed: ${label} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  /** `query` has `$FROM` and `$TO`: run once per chunk of g in 1..count. */
  const chunked = async (label: string, count: number, query: string) => {
    for (let from = 1; from <= count; from += CHUNK) {
      const to = Math.min(count, from + CHUNK - 1);
      await step(count > CHUNK ? `${label} ${from}–${to}` : label, query.replaceAll('$FROM', String(from)).replaceAll('$TO', String(to)));
    }
  };
  try {
    await sql`set synchronous_commit = off`;
    const lookups = [
      'contract_types',
      'delivery_methods',
      'divisions',
      'lead_sources',
      'market_sectors',
      'tender_types',
      'loss_reasons',
      'industries',
      'call_outcomes',
    ];
    for (const table of lookups) {
      await sql.unsafe(`insert into ${table} (account_id, name) select ${accountId}, '${table} ' || g from generate_series(1, 8) g`);
    }
    await sql.unsafe(`insert into workforce_roles (account_id, name, abbreviation) select ${accountId}, 'Role ' || g, 'R' || g from generate_series(1, 8) g`);
    // Lookup ids are 1..8 per table (fresh database); user ids u0..u0+nu-1.
    const user = (expr: string) => `(${u0} + (${expr}) % ${nu})`;
    const lk = (expr: string) => `(1 + (${expr}) % 8)`;
    const ts = (expr: string) => `(now() - make_interval(secs => (${expr})::double precision * 37))`;
    await step(
      'companies',
      `insert into companies (account_id, name, phone, website, category, city, state, country, created_by_id, created_at, updated_at)
      select ${accountId}, 'Company ' || g, '555-' || g, 'https://c' || g || '.example.com', 'client', 'City ' || (g % 100), 'CA', 'US', ${user('g')}, ${ts('g')}, ${ts('g')}
      from generate_series(1, ${SIZES.companies}) g`,
    );
    await step(
      'company industries',
      `insert into company_industries (company_id, industry_id) select g, ${lk('g')} from generate_series(1, ${SIZES.companies}) g`,
    );
    await chunked(
      'contacts',
      SIZES.contacts,
      `insert into contacts (account_id, first_name, last_name, email, job_title, office_phone, company_id, assigned_to_id, created_by_id, created_at, updated_at)
      select ${accountId}, 'First' || g, 'Last' || g, 'contact' || g || '@example.com', 'Estimator', '555-' || g, 1 + g % ${SIZES.companies}, ${user('g')}, ${user('g + 1')}, ${ts('g')}, ${ts('g')}
      from generate_series($FROM, $TO) g`,
    );
    await chunked(
      'leads',
      SIZES.leads,
      `insert into leads (account_id, name, description, priority, value_in_cents, estimated_start_date, square_feet, units, work_scope, street_address, city, state, zip, country,
        assigned_to_id, archived_by_id, created_by_id, company_id, contact_id, contract_type_id, delivery_method_id, division_id, lead_source_id, market_sector_id, tender_type_id, snooze_until, archived_at, created_at, updated_at)
      select ${accountId}, 'Lead ' || g, 'A lead for the benchmark, number ' || g, g % 10 = 0, g::bigint * 1000, current_date + (g % 365), g % 90000, g % 300, 'new_construction', g || ' Main St', 'City ' || (g % 100), 'CA', '9' || lpad((g % 10000)::text, 4, '0'), 'US',
        ${user('g')}, case when g % 100 = 7 then ${user('g + 2')} end, ${user('g + 1')}, 1 + g % ${SIZES.companies}, 1 + g % ${SIZES.contacts}, ${lk('g')}, ${lk('g + 1')}, ${lk('g + 2')}, ${lk('g + 3')}, ${lk('g + 4')}, ${lk('g + 5')},
        case when g % 50 = 0 then now() + interval '1 day' end, case when g % 100 = 7 then now() end, ${ts('g')}, ${ts('g')}
      from generate_series($FROM, $TO) g`,
    );
    await chunked(
      'projects',
      SIZES.projects,
      `insert into projects (account_id, name, description, project_number, amount_in_cents, probability, square_feet, units, award_date, bid_due_date, start_date, end_date, work_scope,
        street_address, city, state, zip, country, project_stage_id, company_id, contact_id, assigned_to_id, created_by_id, contract_type_id, delivery_method_id, division_id,
        lead_source_id, market_sector_id, tender_type_id, lead_id, created_at, updated_at, stage_entered_at)
      select ${accountId}, 'Project ' || g, 'A project for the benchmark, number ' || g, 'P-' || g, g::bigint * 5000, 0.5, g % 90000, g % 300, current_date - (g % 365), current_date + (g % 90), current_date + (g % 120), current_date + (g % 400), 'renovation',
        g || ' Oak Ave', 'City ' || (g % 100), 'CA', '9' || lpad((g % 10000)::text, 4, '0'), 'US', (select min(id) from project_stages) + g % 3, 1 + g % ${SIZES.companies}, 1 + g % ${SIZES.contacts}, ${user('g')}, ${user('g + 1')},
        ${lk('g')}, ${lk('g + 1')}, ${lk('g + 2')}, ${lk('g + 3')}, ${lk('g + 4')}, ${lk('g + 5')}, g * 2, ${ts('g')}, ${ts('g')}, ${ts('g')}
      from generate_series($FROM, $TO) g`,
    );
    await step(
      'task lists',
      `insert into task_lists (account_id, name, project_id) select ${accountId}, 'List ' || g, g from generate_series(1, ${SIZES.projects}) g`,
    );
    await chunked(
      'tasks',
      SIZES.tasks,
      `insert into tasks (account_id, title, notes, completed_at, deadline, assigned_to_id, created_by_id, contact_id, project_id, task_list_id, created_at, updated_at)
      select ${accountId}, 'Task ' || g, 'Notes ' || g, case when g % 3 = 0 then now() end, current_date + (g % 60), ${user('g')}, ${user('g + 1')}, 1 + g % ${SIZES.contacts}, 1 + g % ${SIZES.projects}, 1 + g % ${SIZES.projects}, ${ts('g')}, ${ts('g')}
      from generate_series($FROM, $TO) g`,
    );
    await step(
      'team memberships',
      `insert into project_team_memberships (account_id, project_id, user_id) select ${accountId}, 1 + g % ${SIZES.projects}, ${user('g')} from generate_series(1, ${SIZES.projects}) g`,
    );
    await step(
      'membership roles',
      `insert into project_team_membership_roles (membership_id, role) select id, 'project_manager' from project_team_memberships`,
    ).catch((err: Error) => console.log(`  seed: membership roles skipped (${err.message})`));
    await step(
      'employees',
      `insert into workforce_employees (account_id, legal_first_name, last_name, email, phone, start_date, city, state, country, role_id, manager_id)
      select ${accountId}, 'Emp' || g, 'Loyee' || g, 'emp' || g || '@example.com', '555-' || g, current_date - g, 'City ' || (g % 100), 'CA', 'US', 1 + g % 8, case when g > 10 then 1 + g % 10 end
      from generate_series(1, ${SIZES.employees}) g`,
    );
    // Two assignments per project (one in ten unfilled, half at 50 %), following the project's dates
    // (ordered: some bench projects end before they start); a week off for one employee in four.
    await step(
      'assignments',
      `insert into workforce_assignments (account_id, project_id, employee_id, role_id, allocation_percent, start_date, end_date, dates_follow_project)
      select ${accountId}, p.id, case when (p.id + k) % 10 <> 0 then (select min(id) from workforce_employees) + (p.id * 7 + k) % ${SIZES.employees} end,
        (select min(id) from workforce_roles where account_id = ${accountId}) + (p.id + k) % 8, case when k = 1 then 100 else 50 end,
        least(p.start_date, p.end_date), greatest(p.start_date, p.end_date), true
      from projects p cross join generate_series(1, 2) k where p.account_id = ${accountId}`,
    );
    await step(
      'time off',
      `insert into workforce_time_off (account_id, employee_id, start_date, end_date, reason)
      select ${accountId}, id, current_date + (id % 180)::int, current_date + (id % 180)::int + 6, 'Vacation'
      from workforce_employees where account_id = ${accountId} and id % 4 = 0`,
    );
    await step('vacuum analyze', 'vacuum analyze');
    await sql`update accounts set name = ${MARKER} where id = ${accountId}`;
  } finally {
    await sql.end();
  }
}

/** The database of this scale, loaded (or reused), and a fresh API token of its first user. */
export async function seed(scale = 1): Promise<Seeded> {
  const started = performance.now();
  const reused = await ensureDatabase(scale);
  const database = openDatabase({ kind: 'postgres', url: benchUrl(scale) });
  try {
    await database.migrate();
    if (!reused) await load(database, scale);
    const sql = postgres(benchUrl(scale), { max: 1, onnotice: () => {} });
    try {
      const [account] = await sql<{ id: string }[]>`select id from accounts where name = ${MARKER}`;
      const accountId = Number(account!.id);
      const [user] = await sql<{ id: string }[]>`select min(id) as id from users where account_id = ${accountId} and role = 'admin'`;
      const userId = Number(user!.id);
      const leads = await sql<
        { id: string }[]
      >`select id from leads where account_id = ${accountId} and archived_at is null order by id limit 1000 offset 1000`;
      const [project] = await sql<
        { id: string }[]
      >`select project_id as id from tasks where account_id = ${accountId} group by project_id order by count(*) desc, project_id limit 1`;
      const token = await createApiToken(database.db, { accountId, userId });
      console.log(`seed: ${reused ? 'reused' : 'loaded'} ${dbName(scale)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return {
        scale,
        url: benchUrl(scale),
        accountId,
        userId,
        token,
        leadIds: leads.map((r) => Number(r.id)),
        projectId: Number(project!.id),
        taskProjectId: Number(project!.id),
        contactCompanyId: 1,
      };
    } finally {
      await sql.end();
    }
  } finally {
    await database.close();
  }
}

// `npx tsx bench/seed.ts` loads (or checks) BENCH_SCALE's database.
if (import.meta.url === `file://${process.argv[1]}`) {
  seed(Number(process.env.BENCH_SCALE ?? 1)).then((s) => console.log(JSON.stringify({ ...s, token: '…', leadIds: s.leadIds.length })));
}
