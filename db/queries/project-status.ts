import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProjectStatus } from '@/db/schema/enums';

// A project's status in SQL, written once: the rules of `projectStatus` (lib/shared/domain/projects.ts)
// — pursuit while open; lost when closed without a win; once won, complete past its end date,
// upcoming before its start date (or without one), active in between — as the value the answers
// carry, and as the filter `project_status=` applies (conditions an index on the columns can serve).
// tests/api/project-status.test.ts holds the three equal over every case.

/** The columns the status comes from: a table's, or any expressions of the same types. */
export interface StatusColumns {
  closeType: AnyPgColumn | SQL;
  startDate: AnyPgColumn | SQL;
  endDate: AnyPgColumn | SQL;
}

/** The status as a value, on the day `today` (a date). */
export function projectStatusSql(c: StatusColumns, today: SQL): SQL<ProjectStatus> {
  return sql<ProjectStatus>`case when ${c.closeType} is null then 'pursuit' when ${c.closeType} <> 'won' then 'lost'
  when ${c.endDate} < ${today} then 'complete' when ${c.startDate} is null or ${c.startDate} > ${today} then 'upcoming'
  else 'active' end`;
}

/** The rows whose status is `status` on `today` (YYYY-MM-DD). */
export function projectStatusWhere(c: StatusColumns, status: ProjectStatus, today: string): SQL {
  const won = sql`${c.closeType} = 'won'`;
  const notComplete = sql`(${c.endDate} is null or ${c.endDate} >= ${today})`;
  switch (status) {
    case 'pursuit':
      return sql`${c.closeType} is null`;
    case 'lost':
      return sql`(${c.closeType} is not null and ${c.closeType} <> 'won')`;
    case 'complete':
      return sql`(${won} and ${c.endDate} < ${today})`;
    case 'upcoming':
      return sql`(${won} and ${notComplete} and (${c.startDate} is null or ${c.startDate} > ${today}))`;
    case 'active':
      return sql`(${won} and ${notComplete} and ${c.startDate} <= ${today})`;
  }
}
