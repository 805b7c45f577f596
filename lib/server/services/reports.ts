import { subDays } from 'date-fns';
import type { Db } from '@/db';
import type { CloseType } from '@/db/schema/enums';
import { pipelineTotals } from '@/db/queries/reports';
import { serializeProjectStage } from '@/lib/server/serializers/lookups';
import type { PipelineReportQuery, PipelineReportResponse } from '@/lib/shared/validation/reports';
import { teamOf, type CallerContext } from '@/lib/server/services/context';

const total = (count: number, cents: string | number) => ({ count, amount: Number(cents) / 100 });

/** The day `days` before today (UTC), as YYYY-MM-DD: the first day of the won/lost window. */
export function closedSinceDay(days: number, now = new Date()): string {
  return subDays(new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`), days)
    .toISOString()
    .slice(0, 10);
}

/** The pipeline at a glance: value by stage, the open total, and won and lost over the last `days` days. */
export async function pipelineReport(db: Db, ctx: CallerContext, query: PipelineReportQuery): Promise<PipelineReportResponse> {
  const since = closedSinceDay(query.days);
  const { stages, closed } = await pipelineTotals(db, ctx.accountId, new Date(`${since}T00:00:00Z`), teamOf(ctx));
  const open = stages.filter((s) => s.stage.category === 'open');
  const closedTotal = (type: CloseType) => {
    const row = closed.find((c) => c.closeType === type);
    return total(row?.count ?? 0, row?.cents ?? 0);
  };
  return {
    stages: stages.map((s) => ({ project_stage: serializeProjectStage(s.stage), ...total(s.count, s.cents) })),
    open: total(
      open.reduce((n, s) => n + s.count, 0),
      open.reduce((n, s) => n + Number(s.cents), 0),
    ),
    won: closedTotal('won'),
    lost: closedTotal('lost'),
    cancelled: closedTotal('cancelled'),
    did_not_pursue: closedTotal('did_not_pursue'),
    days: query.days,
    closed_since: since,
  };
}
