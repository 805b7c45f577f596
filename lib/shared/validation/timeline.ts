import { z } from 'zod';
import { TIMELINE_KINDS } from '@/db/schema/enums';

export type { TimelineKind, TimelineSubject } from '@/db/schema/enums';
import { callResponse } from './calls';
import { commentResponse } from './comments';
import { paginationQuery, queryEnumList, responseTimestamp, userReference } from './common';
import { taskResponse } from './tasks';
import { documentResponse } from './documents';
import { emailResponse } from './emails';

// A record's timeline (docs/collaboration.md#timeline): comments, changes, calls, tasks and documents in one
// stream, newest first.

export const timelineQuery = paginationQuery.extend({
  kind: queryEnumList(
    TIMELINE_KINDS,
    'is not a kind of entry (comment, change, call, task, created, document or email)',
    'Only entries of these kinds.',
  ).optional(),
});
export type TimelineQuery = z.output<typeof timelineQuery>;

export const timelineEntryResponse = z
  .object({
    id: z.string().meta({ description: 'Unique within the timeline: the kind and the id of what it shows, e.g. `comment-12`.' }),
    occurred_at: responseTimestamp,
    kind: z.enum(TIMELINE_KINDS),
    actor: userReference.nullable().meta({ description: 'Who did it; null for the system.' }),
    summary: z.string().meta({ description: 'One sentence for people, e.g. "Dana Ortiz moved the project from Estimating to Bid Submitted".' }),
    comment: commentResponse.nullable().meta({ description: 'The comment (kind `comment`); null otherwise.' }),
    call: callResponse.nullable().meta({ description: 'The call (kind `call`); null otherwise.' }),
    task: taskResponse.nullable().meta({ description: 'The task (kind `task`); null otherwise.' }),
    document: documentResponse.nullable().meta({ description: 'The document (kind `document`), as it is now; null otherwise.' }),
    email: emailResponse.nullable().meta({ description: 'The captured email (kind `email`), as it is now; null otherwise.' }),
    changes: z
      .record(z.string(), z.tuple([z.unknown(), z.unknown()]))
      .nullable()
      .meta({
        description:
          'What a change changed (kind `change`): `{"field": [before, after]}` by field name, a related record by its name; null otherwise (and for changes recorded before the timeline existed, whose `summary` names the fields).',
      }),
  })
  .meta({ id: 'TimelineEntry' });
export type TimelineEntryResponse = z.output<typeof timelineEntryResponse>;
