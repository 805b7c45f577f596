'use client';

import { useRef, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, inputClass } from '@/components/ui/field';
import { ListStates } from '@/components/ui/list-states';
import { RelativeTime } from '@/components/ui/relative-time';
import { SectionCard } from '@/components/ui/section-card';
import { ApiClientError } from '@/lib/client/api-client';
import {
  useCreateDocumentFolder,
  useDeleteDocument,
  useDeleteDocumentFolder,
  useDocumentFolders,
  useDocuments,
  useDocumentVersions,
  useUpdateDocument,
  useUpdateDocumentFolder,
  useUploadDocument,
  type Document,
  type DocumentFolder,
} from '@/lib/client/hooks/use-documents';
import { DOCUMENT_CATEGORIES, type AttachableType } from '@/lib/shared/validation/documents';
import { formatBytes, humanize } from '@/lib/shared/text';
import { DocumentThumbnail, PreviewButton, previewable } from './document-preview';

// A record's documents (docs/documents.md): drop or pick several files at once, each with its own
// progress bar (past 25 MB, in three steps straight to the store); folders (open one: uploads go
// into it); search names and the words inside, filter by category; a list, or a grid of pictures;
// preview images and PDFs in the page, open them in the browser; rename, re-categorise, move to a
// folder, upload a new version, see the versions, delete.

const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((c) => ({ id: c, name: humanize(c) }));

interface Upload {
  key: string;
  name: string;
  share: number;
  error: string | null;
}

/** The record's folders as a tree, flattened in order: each with its depth ("Drawings", "— Architectural"). */
function folderTree(folders: DocumentFolder[]): { id: string; name: string }[] {
  const children = new Map<string | null, DocumentFolder[]>();
  for (const f of folders) children.set(f.parent_id, [...(children.get(f.parent_id) ?? []), f]);
  const out: { id: string; name: string }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const f of children.get(parent) ?? []) {
      out.push({ id: f.id, name: `${'— '.repeat(depth)}${f.name}` });
      if (depth < 20) walk(f.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

const message = (error: unknown, fallback: string) => (error instanceof ApiClientError ? error.message : fallback);

/** The files being sent, each with its bar; a failed one says why until it is dismissed. */
function UploadList({ uploads, dismiss }: { uploads: Upload[]; dismiss: (key: string) => void }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="space-y-2 border-b border-slate-100 px-4 py-3 dark:border-slate-800" aria-label="Uploads">
      {uploads.map((u) => (
        <li key={u.key} className="text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate text-slate-800 dark:text-slate-200">{u.name}</span>
            {u.error ? (
              <Button variant="ghost" size="sm" onClick={() => dismiss(u.key)} aria-label={`Dismiss ${u.name}`}>
                Dismiss
              </Button>
            ) : (
              <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{Math.round(u.share * 100)}%</span>
            )}
          </div>
          {u.error ? (
            <p className="mt-1 text-xs text-red-700 dark:text-red-400" role="alert">
              {u.error}
            </p>
          ) : (
            <div
              role="progressbar"
              aria-label={`Uploading ${u.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(u.share * 100)}
              className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            >
              <div className="h-full bg-blue-600 transition-[width] dark:bg-blue-500" style={{ width: `${Math.round(u.share * 100)}%` }} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function Versions({ doc }: { doc: Document }) {
  const versions = useDocumentVersions(doc.id, true);
  if (versions.isPending) return <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Loading versions…</p>;
  if (versions.error) return <p className="mt-2 text-xs text-red-700 dark:text-red-400">The versions could not be loaded.</p>;
  return (
    <ol className="mt-2 space-y-1 border-l-2 border-slate-200 pl-3 text-xs dark:border-slate-700" aria-label={`Versions of ${doc.name}`}>
      {versions.data.map((v) => (
        <li key={v.version} className="flex flex-wrap items-baseline gap-x-2">
          <a href={v.download_url} className="font-medium text-blue-700 hover:underline dark:text-blue-400" target="_blank" rel="noreferrer">
            Version {v.version}
          </a>
          <span className="text-slate-600 dark:text-slate-400">
            {v.name} · {formatBytes(v.byte_size)} · {v.uploaded_by?.name ?? 'Someone'}, <RelativeTime at={v.created_at} />
          </span>
        </li>
      ))}
    </ol>
  );
}

function DocumentRow({
  doc,
  folders,
  onNewVersion,
}: {
  doc: Document;
  folders: { id: string; name: string }[];
  onNewVersion: (doc: Document, file: File) => void;
}) {
  const update = useUpdateDocument();
  const remove = useDeleteDocument();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(doc.name);
  const [showVersions, setShowVersions] = useState(false);
  const versionInput = useRef<HTMLInputElement>(null);
  const save = (changes: Record<string, unknown>, done?: () => void) =>
    update.mutate({ id: doc.id, changes, base: doc }, { onSuccess: done, onError: (e) => toast.error(message(e, 'The document was not saved.')) });
  return (
    <li className="px-4 py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <DocumentThumbnail doc={doc} />
          <div className="min-w-0">
            <a
              href={doc.download_url}
              target="_blank"
              rel="noreferrer"
              className="break-words font-medium text-blue-700 hover:underline dark:text-blue-400"
              title="Open or download"
            >
              {doc.name}
            </a>
            <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
              {humanize(doc.category)} · {formatBytes(doc.byte_size)}
              {doc.version > 1 ? ` · version ${doc.version}` : ''} · {doc.uploaded_by?.name ?? 'Someone'}, <RelativeTime at={doc.updated_at} />
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1 sm:flex-nowrap">
          <label className="sr-only" htmlFor={`category-${doc.id}`}>
            Category of {doc.name}
          </label>
          <select
            id={`category-${doc.id}`}
            className={`${inputClass} py-1 text-xs sm:w-40`}
            value={doc.category}
            onChange={(e) => save({ category: e.target.value })}
          >
            {CATEGORY_OPTIONS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {folders.length > 0 ? (
            <>
              <label className="sr-only" htmlFor={`folder-${doc.id}`}>
                Folder of {doc.name}
              </label>
              <select
                id={`folder-${doc.id}`}
                className={`${inputClass} py-1 text-xs sm:w-40`}
                value={doc.folder?.id ?? ''}
                onChange={(e) => save({ folder_id: e.target.value || null })}
              >
                <option value="">No folder</option>
                {folders.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <PreviewButton doc={doc} />
          <Button variant="ghost" size="sm" onClick={() => setRenaming(true)} aria-label={`Rename ${doc.name}`}>
            Rename
          </Button>
          <Button variant="ghost" size="sm" onClick={() => versionInput.current?.click()} aria-label={`Upload a new version of ${doc.name}`}>
            New version
          </Button>
          <input
            ref={versionInput}
            type="file"
            aria-label={`File for a new version of ${doc.name}`}
            className="hidden"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onNewVersion(doc, file);
              e.target.value = '';
            }}
          />
          {doc.version > 1 ? (
            <Button variant="ghost" size="sm" aria-expanded={showVersions} onClick={() => setShowVersions((v) => !v)}>
              Versions
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${doc.name}`}
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(`Delete “${doc.name}” and all its versions?`)) return;
              remove.mutate(doc.id, { onError: (e) => toast.error(message(e, 'The document was not deleted.')) });
            }}
          >
            Delete
          </Button>
        </div>
      </div>
      {showVersions ? <Versions doc={doc} /> : null}
      <Dialog open={renaming} onClose={() => setRenaming(false)} title={`Rename “${doc.name}”`}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            save({ name }, () => setRenaming(false));
          }}
        >
          <Field label="Name">
            {(field) => <Input {...field} value={name} onChange={(e) => setName(e.target.value)} maxLength={255} required autoFocus />}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              Save name
            </Button>
          </div>
        </form>
      </Dialog>
    </li>
  );
}

/** New folder (inside the open one), or rename the open one. */
function FolderDialog({
  onClose,
  to,
  folder,
  parentId,
  onSaved,
}: {
  onClose: () => void;
  to: { type: AttachableType; id: string };
  folder: DocumentFolder | null;
  parentId: string | null;
  onSaved: (folder: DocumentFolder) => void;
}) {
  const create = useCreateDocumentFolder();
  const update = useUpdateDocumentFolder();
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const done = (saved: DocumentFolder) => {
    onSaved(saved);
    onClose();
  };
  const failed = (e: unknown) => setError(message(e, 'The folder was not saved.'));
  return (
    <Dialog open onClose={onClose} title={folder ? `Rename “${folder.name}”` : 'New folder'}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (folder) update.mutate({ id: folder.id, changes: { name }, base: folder }, { onSuccess: done, onError: failed });
          else create.mutate({ attachable_type: to.type, attachable_id: to.id, name, parent_id: parentId }, { onSuccess: done, onError: failed });
        }}
      >
        <Field label="Folder name" error={error}>
          {(field) => <Input {...field} value={name} onChange={(e) => setName(e.target.value)} maxLength={255} required autoFocus />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || update.isPending}>
            {folder ? 'Save name' : 'Create folder'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The Documents card of a project, lead, company or contact. */
export function RecordDocuments({ type, id }: { type: AttachableType; id: string }) {
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const [folderId, setFolderId] = useState('');
  const [folderDialog, setFolderDialog] = useState<'new' | 'rename' | null>(null);
  const [view, setView] = useState<'list' | 'grid'>('list');
  // For a minute after an upload the list is asked again every few seconds: the files' words and pictures arrive.
  const [watchUntil, setWatchUntil] = useState(0);
  const folderQuery = useDocumentFolders({ attachable_type: type, attachable_id: id, per_page: 100 });
  const folderList = folderQuery.data?.items ?? [];
  const tree = folderTree(folderList);
  const openFolder = folderList.find((f) => f.id === folderId) ?? null;
  const deleteFolder = useDeleteDocumentFolder();
  const query = useDocuments(
    {
      attachable_type: type,
      attachable_id: id,
      q: q.trim() || undefined,
      category: category || undefined,
      folder_id: openFolder?.id,
      per_page: 100,
    },
    watchUntil,
  );
  const upload = useUploadDocument();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const send = (file: File, versionOf?: Document) => {
    const key = `${file.name}-${Date.now()}-${Math.random()}`;
    const patch = (changes: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...changes } : u)));
    setUploads((list) => [...list, { key, name: versionOf ? `${versionOf.name} (new version)` : file.name, share: 0, error: null }]);
    // One promise per file (mutate's own callbacks fire for the latest call only, and several files go at once).
    upload
      .mutateAsync({
        file,
        to: versionOf ? undefined : { type, id },
        versionOf: versionOf?.id,
        category: category || undefined,
        folderId: openFolder?.id,
        onProgress: (share) => patch({ share }),
      })
      .then(
        () => {
          setUploads((list) => list.filter((u) => u.key !== key));
          setWatchUntil(Date.now() + 60_000);
        },
        (e: unknown) => patch({ error: message(e, 'The file was not uploaded.') }),
      );
  };
  const sendAll = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) send(file);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    sendAll(e.dataTransfer.files);
  };
  const items = query.data?.items ?? [];
  const filtered = q.trim() !== '' || category !== '' || openFolder !== null;
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={dragging ? 'rounded-lg ring-2 ring-blue-500 ring-offset-2 dark:ring-offset-slate-950' : ''}
    >
      <SectionCard
        title="Documents"
        total={query.data?.total}
        actions={
          <>
            <Button size="sm" onClick={() => picker.current?.click()}>
              Upload files
            </Button>
            <input
              ref={picker}
              type="file"
              multiple
              className="hidden"
              aria-label="Files to upload"
              onChange={(e) => {
                sendAll(e.target.files);
                e.target.value = '';
              }}
            />
          </>
        }
      >
        <div className="flex flex-col gap-2 border-b border-slate-100 px-4 py-3 sm:flex-row dark:border-slate-800">
          <label className="sr-only" htmlFor={`documents-q-${type}`}>
            Search documents
          </label>
          <input
            id={`documents-q-${type}`}
            type="search"
            placeholder="Search names and the words inside…"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className={`${inputClass} sm:flex-1`}
          />
          <label className="sr-only" htmlFor={`documents-folder-${type}`}>
            Folder
          </label>
          <select
            id={`documents-folder-${type}`}
            value={openFolder?.id ?? ''}
            onChange={(e) => setFolderId(e.target.value)}
            className={`${inputClass} sm:w-48`}
          >
            <option value="">All folders</option>
            {tree.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor={`documents-category-${type}`}>
            Category
          </label>
          <select id={`documents-category-${type}`} value={category} onChange={(e) => setCategory(e.target.value)} className={`${inputClass} sm:w-48`}>
            <option value="">All categories</option>
            {CATEGORY_OPTIONS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2 text-sm dark:border-slate-800">
          <span className="text-slate-600 dark:text-slate-400">{openFolder ? `In “${openFolder.name}”: uploads go here.` : 'All documents.'}</span>
          <span role="group" aria-label="Show as" className="ml-auto flex gap-1 sm:order-last">
            {(['list', 'grid'] as const).map((v) => (
              <Button key={v} variant={view === v ? 'secondary' : 'ghost'} size="sm" aria-pressed={view === v} onClick={() => setView(v)}>
                {v === 'list' ? 'List' : 'Grid'}
              </Button>
            ))}
          </span>
          <Button variant="ghost" size="sm" onClick={() => setFolderDialog('new')}>
            {openFolder ? 'New folder inside' : 'New folder'}
          </Button>
          {openFolder ? (
            <>
              <Button variant="ghost" size="sm" onClick={() => setFolderDialog('rename')}>
                Rename folder
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={deleteFolder.isPending}
                onClick={() => {
                  if (!window.confirm(`Delete the folder “${openFolder.name}” and the folders in it? Their documents stay, outside any folder.`)) return;
                  deleteFolder.mutate(openFolder.id, {
                    onSuccess: () => setFolderId(''),
                    onError: (e) => toast.error(message(e, 'The folder was not deleted.')),
                  });
                }}
              >
                Delete folder
              </Button>
            </>
          ) : null}
        </div>
        {folderDialog ? (
          <FolderDialog
            onClose={() => setFolderDialog(null)}
            to={{ type, id }}
            folder={folderDialog === 'rename' ? openFolder : null}
            parentId={folderDialog === 'new' ? (openFolder?.id ?? null) : null}
            onSaved={(saved) => setFolderId(saved.id)}
          />
        ) : null}
        <UploadList uploads={uploads} dismiss={(key) => setUploads((list) => list.filter((u) => u.key !== key))} />
        <ListStates
          query={query}
          noun="documents"
          isEmpty={items.length === 0}
          empty={filtered ? 'No document matches.' : 'No documents yet. Drop files here, or choose Upload files: bid invitations, drawings, addenda, photos.'}
        >
          {view === 'grid' ? (
            <ul className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-3 lg:grid-cols-4">
              {items.map((doc) => (
                <li key={doc.id} className="min-w-0 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
                  <DocumentThumbnail doc={doc} large />
                  <a
                    href={doc.download_url}
                    target="_blank"
                    rel="noreferrer"
                    className="mt-2 block truncate text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
                    title={doc.name}
                  >
                    {doc.name}
                  </a>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {humanize(doc.category)} · {formatBytes(doc.byte_size)}
                  </p>
                  {previewable(doc) ? <PreviewButton doc={doc} /> : null}
                </li>
              ))}
            </ul>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {items.map((doc) => (
                <DocumentRow key={doc.id} doc={doc} folders={tree} onNewVersion={(d, file) => send(file, d)} />
              ))}
            </ul>
          )}
        </ListStates>
      </SectionCard>
    </div>
  );
}
