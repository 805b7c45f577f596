import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projectStatusSql, projectStatusWhere } from '@/db/queries/project-status';
import { rows as rowsOf } from '@/db/queries/sql';
import { CLOSE_TYPES, PROJECT_STATUSES, type CloseType, type ProjectStatus } from '@/db/schema/enums';
import { getDb } from '@/lib/server/db';
import { projectStatus } from '@/lib/shared/domain/projects';

// A project's status is one rule written three ways: in TypeScript for the dashboard
// (lib/shared/domain/projects.ts), and in SQL as the answers' value and as the list's filter
// (db/queries/project-status.ts). Here the three agree on every combination of close type and of
// start and end dates before, on and after the day, and missing.

const TODAY = '2026-06-15';
const DATES = [null, '2026-06-14', TODAY, '2026-06-16'];

const cases = [null, ...CLOSE_TYPES].flatMap((closeType: CloseType | null) =>
  DATES.flatMap((startDate) => DATES.map((endDate) => ({ closeType, startDate, endDate }))),
);

describe('project status', () => {
  it('is the same in TypeScript, in the SQL value and in the SQL filter, for every case', async () => {
    const columns = { closeType: sql`v.close_type`, startDate: sql`v.start_date`, endDate: sql`v.end_date` };
    const values = sql.join(
      cases.map((c, i) => sql`(${i}::int, ${c.closeType}::text, ${c.startDate}::date, ${c.endDate}::date)`),
      sql`, `,
    );
    const filters = sql.join(
      PROJECT_STATUSES.map((status) => sql`(${projectStatusWhere(columns, status, TODAY)}) as ${sql.identifier(`is_${status}`)}`),
      sql`, `,
    );
    const rows = await rowsOf<{ i: number; status: ProjectStatus } & Record<string, unknown>>(
      getDb(),
      sql`select v.i, ${projectStatusSql(columns, sql`${TODAY}::date`)} as status, ${filters}
          from (values ${values}) as v(i, close_type, start_date, end_date) order by v.i`,
    );

    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      const expected = projectStatus(cases[row.i]!, TODAY);
      expect({ case: cases[row.i], status: row.status }).toEqual({ case: cases[row.i], status: expected });
      // The filter selects the row under its own status and no other.
      const matched = PROJECT_STATUSES.filter((s) => row[`is_${s}`] === true);
      expect({ case: cases[row.i], matched }).toEqual({ case: cases[row.i], matched: [expected] });
    }
    // Every status occurs among the cases.
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(PROJECT_STATUSES));
  });
});
