import type { DocumentRow, DocumentVersionRow } from '@/db/queries/documents';
import type { DocumentResponse, DocumentVersionResponse } from '@/lib/shared/validation/documents';
import { base, iso, namedRef, personRef } from './common';

/** Where a document's bytes are fetched: its current version, or `version`. */
export const downloadUrl = (baseUrl: string, id: number, version?: number) =>
  `${baseUrl}/api/2023-01/documents/${id}/download${version === undefined ? '' : `?version=${version}`}`;

/** The one Document shape (`Document` in the OpenAPI document): its current version's file. */
export function serializeDocument(row: DocumentRow, baseUrl: string): DocumentResponse {
  const { document, current } = row;
  return {
    ...base(document),
    name: document.name,
    content_type: current.contentType,
    byte_size: Number(current.byteSize),
    checksum_sha256: current.checksumSha256,
    category: document.category,
    attachable_type: document.attachableType,
    attachable_id: String(document.attachableId),
    folder: row.folder ? namedRef(row.folder) : null,
    version: document.version,
    uploaded_by: row.uploadedBy ? personRef(row.uploadedBy) : null,
    download_url: downloadUrl(baseUrl, Number(document.id)),
    thumbnail_url: current.thumbnailKey ? `${baseUrl}/api/2023-01/documents/${document.id}/thumbnail?version=${document.version}` : null,
    text_extracted: document.textExtracted,
  };
}

export function serializeDocumentVersion(row: DocumentVersionRow, baseUrl: string): DocumentVersionResponse {
  const { version } = row;
  return {
    version: version.version,
    created_at: iso(version.createdAt),
    name: version.name,
    content_type: version.contentType,
    byte_size: Number(version.byteSize),
    checksum_sha256: version.checksumSha256,
    uploaded_by: row.uploadedBy ? personRef(row.uploadedBy) : null,
    download_url: downloadUrl(baseUrl, Number(version.documentId), version.version),
  };
}
