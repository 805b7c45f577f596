import type { FolderRow } from '@/db/queries/documents';
import type { DocumentFolderResponse } from '@/lib/shared/validation/document-folders';
import { base, idOrNull } from './common';

/** The one DocumentFolder shape. */
export function serializeDocumentFolder(row: FolderRow): DocumentFolderResponse {
  const { folder } = row;
  return {
    ...base(folder),
    name: folder.name,
    attachable_type: folder.attachableType,
    attachable_id: String(folder.attachableId),
    parent_id: idOrNull(folder.parentId),
    document_count: Number(row.documentCount),
  };
}
