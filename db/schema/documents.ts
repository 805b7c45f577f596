import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, pgTable, smallint, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, oneOf, parentRef, ref, timestamps, ts } from './columns';
import { emails } from './emails';
import { ATTACHABLE_TYPES, DOCUMENT_CATEGORIES, type AttachableType, type DocumentCategory } from './enums';

// Documents on a project, lead, company or contact (docs/documents.md): metadata here, bytes in the
// store (lib/server/storage). Like comments, a document names its record by type and id (one table
// for four); deleting the record deletes its documents and folders in the same transaction and
// queues their bytes in `storage_trash`.

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A folder of a record's documents; folders nest (`parent_id`), on the same record. */
export const documentFolders = pgTable(
  'document_folders',
  {
    id: id(),
    accountId: accountId(),
    attachableType: text('attachable_type').$type<AttachableType>().notNull(),
    attachableId: bigint('attachable_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => documentFolders.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index('document_folders_attachable_idx').on(t.accountId, t.attachableType, t.attachableId),
    index('document_folders_parent_id_idx').on(t.parentId),
    index('document_folders_account_updated_idx').on(t.accountId, t.updatedAt),
    check('document_folders_attachable_type_check', oneOf(t.attachableType, ATTACHABLE_TYPES)),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: id(),
    accountId: accountId(),
    attachableType: text('attachable_type').$type<AttachableType>().notNull(),
    attachableId: bigint('attachable_id', { mode: 'number' }).notNull(),
    folderId: ref('folder_id', () => documentFolders.id),
    name: text('name').notNull(),
    category: text('category').$type<DocumentCategory>().notNull().default('other'),
    /** The email it came attached to (docs/email-capture.md), or null. */
    emailId: ref('email_id', () => emails.id),
    /** Its current version's number (document_versions.version). */
    version: integer('version').notNull().default(1),
    /** The current version's text, extracted in the background for search (null until then, or when it cannot be read). */
    extractedText: text('extracted_text'),
    textExtracted: boolean('text_extracted').notNull().default(false),
    /**
     * The version the background reader last finished (its words and thumbnail), null before the
     * first: the document is read again while it differs from `version` (docs/documents.md#search).
     */
    processedVersion: integer('processed_version'),
    /** A reader's claim on it, and how many claims it has had for this version (a file that stops the reader thrice is left unread). */
    processingUntil: ts('processing_until'),
    processingAttempts: smallint('processing_attempts').notNull().default(0),
    /** Name and extracted text, for `q`. */
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', "name" || ' ' || coalesce("extracted_text", ''))`),
    ...timestamps,
  },
  (t) => [
    index('documents_attachable_idx').on(t.accountId, t.attachableType, t.attachableId, t.createdAt),
    index('documents_folder_id_idx').on(t.folderId),
    index('documents_email_id_idx').on(t.emailId),
    index('documents_account_updated_idx').on(t.accountId, t.updatedAt),
    index('documents_search_idx').using('gin', t.search),
    index('documents_unprocessed_idx')
      .on(t.id)
      .where(sql`${t.processedVersion} is distinct from ${t.version}`),
    check('documents_attachable_type_check', oneOf(t.attachableType, ATTACHABLE_TYPES)),
    check('documents_category_check', oneOf(t.category, DOCUMENT_CATEGORIES)),
  ],
);

/** Each file a document has held: version 1, 2, … — each downloadable. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: id(),
    accountId: accountId(),
    documentId: parentRef('document_id', () => documents.id),
    version: integer('version').notNull(),
    /** Where its bytes are in the store. */
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    checksumSha256: text('checksum_sha256').notNull(),
    /** Its small picture in the store (images, a PDF's first page), once read. */
    thumbnailKey: text('thumbnail_key'),
    uploadedById: ref('uploaded_by_id', () => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_versions_document_version_idx').on(t.documentId, t.version),
    uniqueIndex('document_versions_storage_key_idx').on(t.storageKey),
    uniqueIndex('document_versions_thumbnail_key_idx').on(t.thumbnailKey),
    index('document_versions_account_id_idx').on(t.accountId),
    index('document_versions_uploaded_by_id_idx').on(t.uploadedById),
  ],
);

/**
 * An upload in three steps (docs/documents.md#large-files): the client asked where to send a file's
 * bytes, sends them there (a presigned S3 URL, or the app's own URL with the local driver, which
 * `token_hash` authorizes), then names the upload in POST /documents. Consumed by that POST; the
 * sweep removes those never finished (and their bytes) after a day.
 */
export const documentUploads = pgTable(
  'document_uploads',
  {
    id: id(),
    accountId: accountId(),
    userId: parentRef('user_id', () => users.id),
    name: text('name').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    /** What the client said it is (the document's type is sniffed from the bytes when it is finished). */
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    /** SHA-256 of the secret in the local upload URL. */
    tokenHash: text('token_hash').notNull(),
    /** Until when the bytes may be sent. */
    expiresAt: ts('expires_at').notNull(),
    /** When the local driver received them (null with S3, which the finish asks instead). */
    receivedAt: ts('received_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_uploads_storage_key_idx').on(t.storageKey),
    index('document_uploads_account_id_idx').on(t.accountId),
    index('document_uploads_user_id_idx').on(t.userId),
    index('document_uploads_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Bytes to remove from the store: queued in the transaction that deletes their rows, removed once it
 * has committed (and by the sweep, if the process stopped in between).
 */
export const storageTrash = pgTable('storage_trash', {
  storageKey: text('storage_key').primaryKey(),
  queuedAt: ts('queued_at').notNull().defaultNow(),
});
