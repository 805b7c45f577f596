import { z } from 'zod';
import { ATTACHABLE_TYPES } from '@/db/schema/enums';
import { paginationQuery, queryId, recordResponse, relationId } from './common';
import { cleanFileName } from './documents';

// Folders of a record's documents (docs/documents.md#folders): named, nested (`parent_id`), on the
// same record as their documents.

const folderName = z
  .string()
  .max(1000)
  .transform(cleanFileName)
  .meta({ description: 'Its name; path separators and control characters are removed, at most 255 characters.' });
const attachableType = z.enum(ATTACHABLE_TYPES).meta({ description: 'The record it is on: project, lead, company or contact.' });

export const documentFolderCreate = z
  .object({
    attachable_type: attachableType,
    attachable_id: relationId.meta({ description: 'The id of that record.' }),
    name: folderName,
    parent_id: relationId.nullable().optional().meta({ description: 'The folder it is in (of the same record), or none: the top level.' }),
  })
  .meta({ id: 'DocumentFolderCreate' });
export type DocumentFolderCreate = z.output<typeof documentFolderCreate>;

export const documentFolderUpdate = z
  .object({ name: folderName, parent_id: relationId.nullable().meta({ description: 'Move it into this folder of the same record, or null: the top level.' }) })
  .partial()
  .meta({ id: 'DocumentFolderUpdate' });
export type DocumentFolderUpdate = z.output<typeof documentFolderUpdate>;

export const documentFolderListQuery = paginationQuery.extend({
  attachable_type: attachableType.meta({ description: 'Required, with `attachable_id`: the record whose folders to list.' }),
  attachable_id: queryId.meta({ description: 'Required, with `attachable_type`: the id of that record.' }),
  parent_id: queryId.optional().meta({ description: 'Only the folders directly in this one.' }),
});
export type DocumentFolderListQuery = z.output<typeof documentFolderListQuery>;

export const documentFolderResponse = recordResponse('DocumentFolder', {
  name: z.string(),
  attachable_type: attachableType,
  attachable_id: z.string(),
  parent_id: z.string().nullable().meta({ description: 'The folder it is in; null at the top level.' }),
  document_count: z.number().int().meta({ description: 'The documents directly in it.' }),
});
export type DocumentFolderResponse = z.output<typeof documentFolderResponse>;
