import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { duplicateResponse, duplicatesQuery, mergeInput, mergeListQuery, mergeResponse } from '@/lib/shared/validation/merges';
import { conflictResponse, idPath, listHeaders, notFoundResponses, ok, standardErrors, wrapped, writeErrors } from '@/lib/server/openapi/paths/resource';

const TAG = ['Duplicates and merges'];

const mergeOf = (resource: 'companies' | 'contacts', label: string) => ({
  post: {
    operationId: `merge_${resource}`,
    tags: TAG,
    summary: `Merge duplicate ${resource} into this ${label}`,
    description:
      'The body is not wrapped. The target keeps its own values except where `fields` picks a source’s; every reference to a source moves to it in one transaction, each moved record with its update event; ' +
      `the sources end as tombstones (their GET: 404 \`{"error": {"code": "merged", "merged_into_id": …}}\`), their names, emails and domains as the target’s aliases, and a \`${label}.merge\` event names both. ` +
      '`dry_run: true` answers the counts and writes nothing (200); a merge answers 201. An account admin or a directory admin only. Undo within 24 hours: POST /merges/{id}/undo (docs/merge.md).',
    requestParams: { path: idPath },
    requestBody: { content: { 'application/json': { schema: mergeInput } } },
    responses: {
      ...ok('The dry run: what would move.', 'merge', mergeResponse),
      ...ok('Merged.', 'merge', mergeResponse, '201'),
      ...standardErrors,
      ...notFoundResponses,
      ...writeErrors,
    },
  },
});

export const mergesPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/duplicates': {
    get: {
      operationId: 'list_duplicates',
      tags: TAG,
      summary: 'Likely duplicate companies or contacts, surest first',
      description:
        'Companies alike by name (trigram similarity ≥ 0.6 once legal suffixes such as Inc, LLC, Ltd, Co, Corp and Construction/Constr. are dropped), by website domain or by phone; ' +
        'contacts by email (any case), by name within one company, or by mobile phone. Records linked by any rule form one group. Never across accounts.',
      requestParams: { query: duplicatesQuery },
      responses: {
        '200': {
          description: 'A page of groups.',
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped('duplicates', z.array(duplicateResponse)) } },
        },
        ...standardErrors,
        '422': writeErrors['422'],
      },
    },
  },
  '/api/2023-01/companies/{id}/merge': mergeOf('companies', 'company'),
  '/api/2023-01/contacts/{id}/merge': mergeOf('contacts', 'contact'),
  '/api/2023-01/merges': {
    get: {
      operationId: 'list_merges',
      tags: TAG,
      summary: 'The merge history, newest first',
      requestParams: { query: mergeListQuery },
      responses: {
        '200': {
          description: 'A page of merges.',
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped('merges', z.array(mergeResponse)) } },
        },
        ...standardErrors,
        '422': writeErrors['422'],
      },
    },
  },
  '/api/2023-01/merges/{id}': {
    get: {
      operationId: 'get_merge',
      tags: TAG,
      summary: 'One merge',
      requestParams: { path: idPath },
      responses: { ...ok('The merge.', 'merge', mergeResponse), ...standardErrors, ...notFoundResponses },
    },
  },
  '/api/2023-01/merges/{id}/undo': {
    post: {
      operationId: 'undo_merge',
      tags: TAG,
      summary: 'Undo a merge within 24 hours',
      description:
        'The sources come back as they were, exactly what the merge moved moves back (not what changed since), and the target’s fields are as they were.',
      requestParams: { path: idPath },
      responses: {
        ...ok('Undone.', 'merge', mergeResponse),
        ...standardErrors,
        ...notFoundResponses,
        ...conflictResponse('Already undone, older than 24 hours, or its target is gone'),
      },
    },
  },
};
