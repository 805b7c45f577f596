import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadWithProgress } from '@/lib/client/api-client';
import type { DocumentFolderResponse } from '@/lib/shared/validation/document-folders';
import type { DocumentResponse, DocumentVersionResponse } from '@/lib/shared/validation/documents';
import { resourceHooks } from './resource';

export type Document = DocumentResponse;
export type DocumentVersion = DocumentVersionResponse;

/** Documents (docs/documents.md): a record's files, newest first; edits send If-Match. */
const documents = resourceHooks<Document>('document');

export const { keys: documentKeys, useList: useDocuments, useUpdate: useUpdateDocument, useDelete: useDeleteDocument } = documents;

/** A document's versions, newest first (fetched when asked for). */
export function useDocumentVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...documentKeys.detail(id), 'versions'],
    queryFn: () => api.get<DocumentVersion[]>(`/documents/${id}/versions`, 'document_versions'),
    enabled,
  });
}

/**
 * Uploads one file: a new document on the record (`to`), or the next version of a document
 * (`versionOf`); `onProgress` follows the bytes sent.
 */
export function useUploadDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      to,
      versionOf,
      category,
      folderId,
      onProgress,
    }: {
      file: File;
      to?: { type: string; id: string };
      versionOf?: string;
      category?: string;
      folderId?: string;
      onProgress: (share: number) => void;
    }) => {
      const form = new FormData();
      if (to) {
        form.append('attachable_type', to.type);
        form.append('attachable_id', to.id);
        if (category) form.append('category', category);
        if (folderId) form.append('folder_id', folderId);
      }
      form.append('file', file, file.name);
      const path = versionOf ? `/documents/${versionOf}/versions` : '/documents';
      return uploadWithProgress<Document>(path, 'document', form, onProgress);
    },
    meta: { silent: true },
    onSuccess: (doc) => {
      qc.setQueryData(documentKeys.detail(doc.id), doc);
      return qc.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}

export type DocumentFolder = DocumentFolderResponse;

/** A record's document folders (every level, by name); writes refresh the documents too (their folder). */
const folders = resourceHooks<DocumentFolder>('document_folder');

export const { useList: useDocumentFolders, useCreate: useCreateDocumentFolder, useUpdate: useUpdateDocumentFolder } = folders;

export function useDeleteDocumentFolder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/document_folders/${id}`),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: folders.keys.all }), qc.invalidateQueries({ queryKey: documentKeys.all })]),
  });
}
