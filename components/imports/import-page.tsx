'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { ApiClientError } from '@/lib/client/api-client';
import { readableImportError } from '@/lib/client/import-errors';
import { useImport, useImportPreview, useStartImport, type ImportPreview } from '@/lib/client/hooks/use-imports';
import { templateHref } from '@/lib/client/import-templates';
import { IMPORTABLE, IMPORTABLE_LABELS, PROJECT_KINDS, type ImportableResource, type ProjectKind } from '@/lib/shared/import-fields';
import { FileDrop } from './file-drop';
import { ImportHistory } from './import-history';
import { ImportProgress, importTitle } from './import-progress';
import { MappingTable } from './mapping-table';
import { SettingsSection } from '@/components/settings/settings-section';
import { PANEL } from '@/components/ui/section-card';

const KEYS: Record<ImportableResource, string> = {
  leads: 'external ID',
  projects: 'external ID',
  companies: 'company name',
  contacts: 'email',
  workforce_employees: 'email',
  bid_results: 'project and bidder',
};
const SHOWN_ERRORS = 10;
const ONE: Record<ImportableResource, string> = {
  leads: 'lead',
  projects: 'project',
  companies: 'company',
  contacts: 'contact',
  workforce_employees: 'employee',
  bid_results: 'bid result',
};

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`import-step-${n}`} className={PANEL}>
      <h3 id={`import-step-${n}`} className="mb-3 flex items-center gap-2 text-base font-semibold">
        <span aria-hidden className="flex h-6 w-6 items-center justify-center rounded-full bg-blue-700 text-xs text-white dark:bg-blue-600">
          {n}
        </span>
        {title}
      </h3>
      {children}
    </section>
  );
}

function Stat({ label, value, tone = '' }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${tone}`}>{value.toLocaleString()}</dd>
    </div>
  );
}

function PreviewSummary({ preview }: { preview: ImportPreview }) {
  return (
    <dl aria-label="What the import would do" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <Stat label="Rows" value={preview.total_rows} />
      <Stat label="New" value={preview.created_count} />
      <Stat label="Updates" value={preview.updated_count} />
      <Stat label="With errors" value={preview.error_count} tone={preview.error_count ? 'text-red-700 dark:text-red-400' : ''} />
    </dl>
  );
}

function PreviewErrors({ preview, resource }: { preview: ImportPreview; resource: ImportableResource }) {
  if (!preview.errors.length) return null;
  const more = preview.error_count - Math.min(SHOWN_ERRORS, preview.errors.length);
  return (
    <div>
      <h4 className="mb-1 text-sm font-medium">Rows that would not import</h4>
      <ul aria-label="Rows with errors" className="space-y-1 text-sm">
        {preview.errors.slice(0, SHOWN_ERRORS).map((e) => (
          <li key={e.row} className="rounded bg-red-50 px-2 py-1 text-red-900 dark:bg-red-950/50 dark:text-red-200">
            <span className="font-medium">Row {e.row}:</span> {readableImportError(resource, e.error)}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">and {more.toLocaleString()} more (all of them in the error file after the import).</p>
      ) : null}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        The other rows import; after the import, download the failed rows, fix them and import that file.
      </p>
    </div>
  );
}

/** The API's refusal of a file, with its reasons per option. */
function PreviewError({ error }: { error: Error }) {
  const details = error instanceof ApiClientError ? Object.entries(error.details) : [];
  return (
    <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/50 dark:text-red-200">
      <p className="font-medium">{error.message}</p>
      {details.length ? (
        <ul className="mt-1 list-disc pl-5">
          {details.map(([field, messages]) => (
            <li key={field}>
              {field}: {messages.join(', ')}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Which rows update a record, and by what they matched it (the first ten). */
function PreviewUpdates({ preview, resource }: { preview: ImportPreview; resource: ImportableResource }) {
  if (!preview.updates.length) return null;
  const one = ONE[resource];
  return (
    <div>
      <h4 className="mb-1 text-sm font-medium">Rows that update a record already in Groundwork</h4>
      <ul aria-label="Rows that update a record" className="space-y-1 text-sm">
        {preview.updates.slice(0, SHOWN_ERRORS).map((u) => (
          <li key={u.row} className="rounded bg-slate-50 px-2 py-1 dark:bg-slate-800/60">
            <span className="font-medium">Row {u.row}:</span>{' '}
            {u.matched_by === 'name'
              ? `updates the ${one} named “${u.match}” (same name, no External ID in the row)`
              : `updates the ${one} with the ${KEYS[resource]} “${u.match}”`}
          </li>
        ))}
      </ul>
      {preview.updated_count > SHOWN_ERRORS ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">and {(preview.updated_count - SHOWN_ERRORS).toLocaleString()} more.</p>
      ) : null}
    </div>
  );
}

/** New rows whose name is like a record's already in Groundwork: perhaps the same pursuit under another name (the first ten). */
function PreviewLookAlikes({ preview, resource }: { preview: ImportPreview; resource: ImportableResource }) {
  if (!preview.look_alikes.length) return null;
  const one = ONE[resource];
  return (
    <div role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 dark:border-amber-800 dark:bg-amber-950/60">
      <h4 className="mb-1 text-sm font-medium">New rows that look like a {one} already in Groundwork</h4>
      <p className="mb-1 text-xs text-slate-700 dark:text-slate-300">
        These would add a {one}. If one is the same pursuit under another name, give the row the existing name or its External ID so it updates instead.
      </p>
      <ul aria-label={`Rows that look like a ${one} already in Groundwork`} className="space-y-1 text-sm">
        {preview.look_alikes.slice(0, SHOWN_ERRORS).map((l) => (
          <li key={l.row}>
            <span className="font-medium">Row {l.row}:</span> “{l.name}” looks like{' '}
            <Link className="underline" href={`/${resource}/${l.record_id}`}>
              {l.record_name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Settings → Import: a spreadsheet of leads, projects, companies or contacts, checked by a dry run, mapped, imported, undone. */
export function ImportPage() {
  // Opened from a list's Import button: that list's records.
  const asked = useSearchParams().get('resource');
  const [resource, setResource] = useState<ImportableResource>(() => IMPORTABLE.find((r) => r === asked) ?? 'contacts');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  // The person's mapping, once they change the detected one.
  const [mapping, setMapping] = useState<Record<string, string> | undefined>();
  const [createMissing, setCreateMissing] = useState(false);
  const [kind, setKind] = useState<ProjectKind>('pursuits');
  const [name, setName] = useState('');
  const [importId, setImportId] = useState<string | null>(null);
  // Rows that name a company: a missing one can be created (contacts, leads, projects).
  const namesCompanies = resource !== 'companies' && resource !== 'workforce_employees';
  const options =
    file && !importId ? { file, resource, mapping, createMissing: namesCompanies && createMissing, kind: resource === 'projects' ? kind : undefined } : null;
  const preview = useImportPreview(options, fileKey);
  const start = useStartImport();
  // The import under way (the same query its progress polls).
  const started = useImport(importId);

  const reset = () => {
    setFile(null);
    setMapping(undefined);
    setName('');
    setImportId(null);
  };
  const chooseFile = (chosen: File) => {
    setFile(chosen);
    setFileKey((k) => k + 1);
    setMapping(undefined);
    setName('');
  };
  const data = preview.data;
  const importable = data ? data.created_count + data.updated_count : 0;
  const checking = preview.isFetching;

  const run = () => {
    if (!file) return;
    start.mutate(
      {
        file,
        resource,
        name: name.trim() || undefined,
        mapping,
        createMissing: namesCompanies && createMissing,
        kind: resource === 'projects' ? kind : undefined,
      },
      { onSuccess: (created) => setImportId(created.id) },
    );
  };

  return (
    <SettingsSection
      id="import-heading"
      title="Import"
      description={
        <>
          Bring leads, projects, companies, contacts or employees in from a spreadsheet. A row whose key (a lead’s or project’s external ID, a company’s name, a
          contact’s or employee’s email) is already in Groundwork updates that record instead of adding a copy, so a corrected file can be imported again. Empty
          cells never clear a value.
        </>
      }
    >
      {importId ? (
        <Step n={4} title={importTitle(started.data?.status)}>
          <ImportProgress id={importId} onDone={reset} />
        </Step>
      ) : (
        <div className="space-y-4">
          <Step n={1} title="What the file holds">
            <fieldset>
              <legend className="sr-only">Records to import</legend>
              <div className="flex flex-wrap gap-2">
                {IMPORTABLE.map((r) => (
                  <label
                    key={r}
                    className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 dark:border-slate-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950/50"
                  >
                    <input
                      type="radio"
                      name="import-resource"
                      value={r}
                      checked={resource === r}
                      onChange={() => {
                        setResource(r);
                        setMapping(undefined);
                      }}
                    />
                    {IMPORTABLE_LABELS[r]}
                  </label>
                ))}
              </div>
            </fieldset>
            {resource === 'projects' ? (
              <fieldset className="mt-3">
                <legend className="text-sm font-medium">The projects are</legend>
                <div className="mt-1 grid gap-1 sm:grid-cols-2">
                  {PROJECT_KINDS.map((k) => (
                    <label key={k.kind} className="flex items-start gap-2 text-sm">
                      <input type="radio" name="import-kind" className="mt-0.5" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} />
                      <span>
                        {k.label}
                        <span className="block text-xs text-slate-600 dark:text-slate-400">{k.hint}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <p className="mt-3 text-sm">
              Start from a template (the column names the importer knows):{' '}
              {IMPORTABLE.map((r, i) => (
                <span key={r}>
                  {i ? ' · ' : ''}
                  <a
                    href={templateHref(r)}
                    download={`${r}-template.csv`}
                    className="font-medium text-blue-800 underline-offset-2 hover:underline dark:text-blue-300"
                  >
                    {IMPORTABLE_LABELS[r].toLowerCase()} template (CSV)
                  </a>
                </span>
              ))}
              . Exports import back too.
            </p>
          </Step>

          <Step n={2} title="The file">
            <FileDrop file={file} onFile={chooseFile} />
          </Step>

          {file ? (
            <Step n={3} title="Check and import">
              <div className="space-y-4" aria-busy={checking}>
                {preview.error ? <PreviewError error={preview.error} /> : null}
                {!data && checking ? <p className="text-sm text-slate-600 dark:text-slate-400">Checking the file…</p> : null}
                {data ? (
                  <>
                    <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
                      {checking
                        ? 'Checking again…'
                        : `A dry run, nothing written yet. Rows are matched to existing ${IMPORTABLE_LABELS[resource].toLowerCase()} by ${KEYS[resource]}.`}
                    </p>
                    <PreviewSummary preview={data} />
                    {namesCompanies ? (
                      <label className="flex items-start gap-2 text-sm">
                        <input type="checkbox" className="mt-0.5 h-4 w-4" checked={createMissing} onChange={(e) => setCreateMissing(e.target.checked)} />
                        <span>
                          Create missing companies
                          <span className="block text-xs text-slate-600 dark:text-slate-400">
                            {createMissing
                              ? `${data.companies_to_create.toLocaleString()} to create (undo deletes them again).`
                              : 'Companies the file names that are not in Groundwork yet are created with the rows. Otherwise such a row fails.'}
                          </span>
                        </span>
                      </label>
                    ) : null}
                    <MappingTable resource={resource} columns={data.columns} mapping={data.mapping} onChange={setMapping} disabled={checking} />
                    <PreviewErrors preview={data} resource={resource} />
                    <PreviewUpdates preview={data} resource={resource} />
                    <PreviewLookAlikes preview={data} resource={resource} />
                    <div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
                      <Field label="Name of the import" hint="Optional; the file’s name otherwise." className="w-full sm:w-72">
                        {(p) => <Input {...p} value={name} placeholder={file.name} onChange={(e) => setName(e.target.value)} />}
                      </Field>
                      <Button onClick={run} disabled={checking || start.isPending || importable === 0 || Boolean(preview.error)}>
                        {start.isPending ? 'Starting…' : `Import ${importable.toLocaleString()} ${importable === 1 ? 'row' : 'rows'}`}
                      </Button>
                    </div>
                  </>
                ) : null}
              </div>
            </Step>
          ) : null}
        </div>
      )}

      <ImportHistory />
    </SettingsSection>
  );
}
