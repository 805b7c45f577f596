import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, putWithProgress, uploadWithProgress, type QueryParams } from '@/lib/client/api-client';
import type { DocumentFolderResponse } from '@/lib/shared/validation/document-folders';
import { SINGLE_REQUEST_MAX_BYTES, type DocumentResponse, type DocumentUploadResponse, type DocumentVersionResponse } from '@/lib/shared/validation/documents';
import { resourceHooks } from './resource';

export type Document = DocumentResponse;
export type DocumentVersion = DocumentVersionResponse;

/** Documents (docs/documents.md): a record's files, newest first; edits send If-Match. */
const documents = resourceHooks<Document>('document');

export const { keys: documentKeys, useUpdate: useUpdateDocument, useDelete: useDeleteDocument } = documents;

/** Types whose words or picture are read in the background after an upload. */
const READ = /^(application\/pdf|image\/|text\/|application\/vnd\.openxmlformats-officedocument\.)/;

/** Still being read: uploaded in the last three minutes, with neither its words nor its picture yet. */
const reading = (doc: Document) =>
  READ.test(doc.content_type) && !doc.text_extracted && !doc.thumbnail_url && Date.now() - Date.parse(doc.updated_at) < 180_000;

/**
 * A record's documents; asked again every few seconds while one is being read (its picture and
 * words arrive), or until `watchUntil` (just after an upload, so a search finds words read since).
 */
export function useDocuments(params: QueryParams, watchUntil = 0) {
  return useQuery({
    ...documents.listQuery(params),
    refetchInterval: (query) => (Date.now() < watchUntil || query.state.data?.items.some(reading) ? 3000 : false),
  });
}

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
    mutationFn: async ({
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
      const path = versionOf ? `/documents/${versionOf}/versions` : '/documents';
      const fields = to ? { attachable_type: to.type, attachable_id: to.id, category, folder_id: folderId } : {};
      // Larger files go in three steps: where to send the bytes, the bytes, then the document.
      if (file.size > SINGLE_REQUEST_MAX_BYTES) {
        const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(file.type) ? file.type : 'application/octet-stream';
        const up = await api.post<DocumentUploadResponse>('/document_uploads', 'document_upload', {
          document_upload: { name: file.name, byte_size: file.size, content_type: contentType },
        });
        await putWithProgress(up.upload_url, up.headers, file, onProgress);
        return api.post<Document>(path, 'document', { document: { upload_id: up.id, ...fields } });
      }
      const form = new FormData();
      if (to) {
        form.append('attachable_type', to.type);
        form.append('attachable_id', to.id);
        if (category) form.append('category', category);
        if (folderId) form.append('folder_id', folderId);
      }
      form.append('file', file, file.name);
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
