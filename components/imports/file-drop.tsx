'use client';

import { useId, useState } from 'react';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A spreadsheet picked by drag and drop onto the zone, or by clicking it (a labelled file input). */
export function FileDrop({ file, onFile }: { file: File | null; onFile: (file: File) => void }) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const dropped = e.dataTransfer.files[0];
        if (dropped) onFile(dropped);
      }}
      className={`relative rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors focus-within:ring-2 focus-within:ring-blue-600 ${
        over ? 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950/40' : 'border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900'
      }`}
    >
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onFile(chosen);
          // The same file chosen again (after fixing it) is a new choice.
          e.target.value = '';
        }}
      />
      {file ? (
        <p className="text-sm">
          <span className="font-medium break-all">{file.name}</span> <span className="text-slate-600 dark:text-slate-400">({formatSize(file.size)})</span>
        </p>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">Drop a CSV or Excel file here</p>
      )}
      <label
        htmlFor={id}
        className="mt-3 inline-flex cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        {file ? 'Choose another file' : 'Choose a file'}
      </label>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">CSV (UTF-8) or XLSX, the first row holding the column names; up to 50 MB.</p>
    </div>
  );
}
