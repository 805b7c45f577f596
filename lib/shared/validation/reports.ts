import { z } from 'zod';
import { integerParameter, projectStageResponse, responseDate } from './common';

const digits = z.string().regex(/^[0-9]{1,9}$/, 'must be a whole number');

export const pipelineReportQuery = z.object({
  days: digits
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be between 1 and 3650').max(3650, 'must be between 1 and 3650'))
    .default(90)
    .meta(
      integerParameter(
        { min: 1, max: 3650, default: 90 },
        'Window of the won and lost totals: projects closed in the last `days` days (UTC), 1 to 3650. Default 90.',
      ),
    ),
});
export type PipelineReportQuery = z.output<typeof pipelineReportQuery>;

const total = z.object({
  count: z.number().int(),
  amount: z.number().meta({ description: "Sum of the projects' `amount`, dollars (a project without one counts as 0)." }),
});

export const pipelineReportResponse = z
  .object({
    stages: z
      .array(total.extend({ project_stage: projectStageResponse }))
      .meta({ description: 'Every stage of the account by position, with the projects now in it.' }),
    open: total.meta({ description: 'Projects in open stages: the open pipeline.' }),
    won: total.meta({ description: 'Projects closed as won (closed_at) on or after `closed_since`.' }),
    lost: total.meta({ description: 'Projects closed as lost on or after `closed_since`.' }),
    cancelled: total.meta({ description: 'Projects closed as cancelled on or after `closed_since` (no result: in no win rate).' }),
    did_not_pursue: total.meta({ description: 'Projects closed as did_not_pursue on or after `closed_since` (no result: in no win rate).' }),
    days: z.number().int(),
    closed_since: responseDate.meta({
      description: 'Today (UTC) minus `days`; the same date as the `closed_since` filter of GET /projects.',
    }),
  })
  .meta({ id: 'PipelineReport' });
export type PipelineReportResponse = z.output<typeof pipelineReportResponse>;
