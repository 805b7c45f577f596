'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Document } from '@/lib/client/hooks/use-documents';

// A document's picture and its preview in the page: images as themselves, a PDF's first page (drawn
// in the background after the upload, docs/documents.md#thumbnails) with the whole PDF a click away.

const IMAGE = /^image\/(png|jpeg|gif|webp|avif)$/;
const PDF = 'application/pdf';

/** Whether the page can show it: an image, or a PDF. */
export const previewable = (doc: Document) => IMAGE.test(doc.content_type) || doc.content_type === PDF;

/** The file's extension in capitals ("PDF", "XLSX"), for a file without a picture. */
const extension = (name: string) => /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toUpperCase() ?? 'FILE';

/** Its small picture, or its extension on a tile. */
export function DocumentThumbnail({ doc, large = false }: { doc: Document; large?: boolean }) {
  const box = large ? 'h-40 w-full' : 'h-12 w-12 shrink-0';
  if (doc.thumbnail_url)
    return (
      // eslint-disable-next-line @next/next/no-img-element -- the API's own URL (a signed one with S3), not a static asset
      <img src={doc.thumbnail_url} alt="" loading="lazy" className={`${box} rounded border border-slate-200 bg-white object-contain dark:border-slate-700`} />
    );
  return (
    <span
      aria-hidden
      className={`${box} flex items-center justify-center rounded border border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400`}
    >
      {extension(doc.name)}
    </span>
  );
}

/** A Preview button and its dialog. */
export function PreviewButton({ doc }: { doc: Document }) {
  const [open, setOpen] = useState(false);
  if (!previewable(doc)) return null;
  const isPdf = doc.content_type === PDF;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Preview ${doc.name}`}>
        Preview
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={doc.name}>
        <div className="space-y-3">
          {isPdf ? (
            doc.thumbnail_url ? (
              // eslint-disable-next-line @next/next/no-img-element -- the API's own URL
              <img
                src={doc.thumbnail_url}
                alt={`First page of ${doc.name}`}
                className="mx-auto max-h-[65vh] w-auto rounded border border-slate-200 bg-white dark:border-slate-700"
              />
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">The first page is still being prepared; open the PDF to read it now.</p>
            )
          ) : (
            // eslint-disable-next-line @next/next/no-img-element -- the API's own URL
            <img src={doc.download_url} alt={doc.name} className="mx-auto max-h-[65vh] w-auto rounded" />
          )}
          <div className="flex justify-end gap-2">
            <a
              href={doc.download_url}
              target="_blank"
              rel="noreferrer"
              className="rounded-md px-3 py-2 text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
            >
              {isPdf ? 'Open the whole PDF' : 'Open full size'}
            </a>
          </div>
        </div>
      </Dialog>
    </>
  );
}
