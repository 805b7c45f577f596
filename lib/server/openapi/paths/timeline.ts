import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { idPath, notFoundResponses, pageHeaders, standardErrors, wrapped, writeErrors } from '@/lib/server/openapi/paths/resource';
import { RESOURCES } from '@/lib/shared/resources';
import { timelineEntryResponse, timelineQuery } from '@/lib/shared/validation/timeline';

const WHAT = {
  lead: 'its comments and changes',
  project: 'its comments, changes, calls and tasks',
  company: 'its comments and changes, and its own and its contacts’ calls',
  contact: 'its comments, changes, calls and tasks',
} as const;

/** GET /{leads|projects|companies|contacts}/{id}/timeline. */
export const timelinePaths: ZodOpenApiPathsObject = Object.fromEntries(
  (Object.keys(WHAT) as (keyof typeof WHAT)[]).map((type) => [
    `/api/2023-01/${RESOURCES[type].path}/{id}/timeline`,
    {
      get: {
        operationId: `get_${type}_timeline`,
        tags: [RESOURCES[type].tag],
        summary: `A ${RESOURCES[type].label.toLowerCase()}’s timeline: ${WHAT[type]}, newest first`,
        description:
          'Calls and tasks appear only for callers who see projects (and a team-only user only those of their teams’ projects, or of none). ' +
          'Changes recorded before the timeline existed carry `changes: null` and a summary naming the fields.',
        requestParams: { path: idPath, query: timelineQuery },
        responses: {
          '200': {
            description: 'A page of entries, newest first.',
            headers: pageHeaders,
            content: { 'application/json': { schema: wrapped('timeline', z.array(timelineEntryResponse)) } },
          },
          ...standardErrors,
          ...notFoundResponses,
          '422': writeErrors['422'],
        },
      },
    },
  ]),
);
