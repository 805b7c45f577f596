import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '@/db/queries/sql';
import { getDb } from '@/lib/server/db';
import { projects } from '@/db/schema';
import { monthsBetween, pricePer, projectJson } from '@/lib/server/serializers/projects';
import { differenceInMonths, parseISO } from 'date-fns';
import { createTestAccount } from '../fixtures';

// The project's derived fields are built by PostgreSQL (lib/server/serializers/projects.ts) by the
// rules the API has always answered with, which were date-fns's and JavaScript's: the SQL must give
// the same number for every input, date-fns's month quirks and Math.round's half-cents included.

/** Whole months from start to end, as date-fns 4 counts them (the rule the SQL follows); null without both. */
const projectDuration = (s: string | null, e: string | null) => (s === null || e === null ? null : differenceInMonths(parseISO(e), parseISO(s)));
/** Dollars per unit to the cent, as JavaScript rounds them; null for a missing or zero side. */
const pricePerTs = (cents: number | null, divisor: number | null) => (cents === null || !divisor ? null : Math.round(cents / divisor) / 100);

describe('project_duration in SQL', () => {
  it('counts months as date-fns differenceInMonths on every pair of dates within 150 days, over two years', async () => {
    // 220,031 rows in one statement: past the requests' statement timeout on a busy machine, so
    // without it (in its own transaction).
    const pairs = await getDb().transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = 0`));
      return rows<{ s: string; e: string; m: number | null }>(
        tx,
        sql`select s::text as s, e::text as e, ${monthsBetween(sql`s`, sql`e`)} as m
          from (select d::date as s, (d + k * interval '1 day')::date as e
                from generate_series('2023-01-01'::date, '2024-12-31'::date, interval '1 day') d, generate_series(-150, 150, 1) k) x`,
      );
    });
    expect(pairs.length).toBe(731 * 301);
    const wrong = pairs.filter((r) => r.m !== projectDuration(r.s, r.e)).slice(0, 5);
    expect(wrong).toEqual([]);
    // Spot checks by hand: a full month, one day short, the end of February, and backwards.
    const at = (s: string, e: string) => pairs.find((r) => r.s === s && r.e === e)!.m;
    expect(at('2024-01-15', '2024-02-15')).toBe(1);
    expect(at('2024-01-15', '2024-02-14')).toBe(0);
    expect(at('2024-01-31', '2024-02-29')).toBe(1);
    expect(at('2023-01-31', '2023-02-28')).toBe(1);
    expect(at('2024-05-20', '2024-01-19')).toBe(-4);
  });

  it('is null without both dates', async () => {
    const [row] = await rows<{ a: number | null; b: number | null }>(
      getDb(),
      sql`select ${monthsBetween(sql`null::date`, sql`'2024-01-01'::date`)} as a, ${monthsBetween(sql`'2024-01-01'::date`, sql`null::date`)} as b`,
    );
    expect(row).toEqual({ a: null, b: null });
  });
});

describe('price per square foot and per unit in SQL', () => {
  it('rounds to the cent as Math.round does (half-cents up), null for a missing or zero side', async () => {
    const amounts = [null, 0, 1, 5, 99, 150, 12_345, 250_000_00, 987_654_321, 1_000_000_005, 33_333_333];
    const divisors = [null, 0, 1, 2, 3, 7, 8, 16, 40, 333, 10_000, 123_457];
    const found = await rows<{ a: number | null; d: number | null; v: number | null }>(
      getDb(),
      sql`select a, d, ${pricePer(sql`a`, sql`d`)} as v
        from unnest(${sql.raw(`array[${amounts.map(String).join(',')}]::bigint[]`)}) a,
             unnest(${sql.raw(`array[${divisors.map(String).join(',')}]::int[]`)}) d`,
    );
    expect(found.length).toBe(amounts.length * divisors.length);
    for (const r of found) {
      const a = r.a === null ? null : Number(r.a);
      expect(r.v, `${a} / ${r.d}`).toBe(pricePerTs(a, r.d));
    }
    // By hand: $1.50 over 2 units is 75 cents a unit; 5 cents over 2 is 2.5 cents, up to 3.
    expect(pricePerTs(150, 2)).toBe(0.75);
    expect(pricePerTs(5, 2)).toBe(0.03);
  });
});

describe('the learned probability in a projects statement', () => {
  it('reads the bid history twice per statement, whatever the rows: the sector counts and the account’s', async () => {
    const t = await createTestAccount('Plan GC');
    for (const name of ['One', 'Two', 'Three']) await t.api.post('/projects', { project: { name } });
    const answer = projectJson(t.accountId, undefined);
    const query = getDb()
      .select({ answer: answer.json })
      .from(projects)
      .leftJoinLateral(answer.lateral, sql`true`)
      .where(eq(projects.accountId, t.accountId));
    const plan = (await rows<Record<string, string>>(getDb(), sql`explain (analyze, costs off) ${query}`)).map((r) => Object.values(r)[0]).join('\n');
    // Each scan of the closed projects is an InitPlan, run once (loops=1) for the three rows.
    const scans = plan.split('\n').filter((line) => / on projects closed_projects/.test(line));
    expect(scans).toHaveLength(2);
    for (const line of scans) expect(line).toMatch(/loops=1\)/);
  });
});
