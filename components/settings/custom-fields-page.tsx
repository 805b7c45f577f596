'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAccess } from '@/components/shell/access-context';
import { Button } from '@/components/ui/button';
import { actionsColumn, type Column, DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/states';
import { useAllCustomFields, useUpdateCustomField, type CustomField } from '@/lib/client/hooks/use-custom-fields';
import { CUSTOM_FIELD_RESOURCES, type CustomFieldResource } from '@/lib/shared/validation/enums';
import { FIELD_TYPE_LABELS, RESOURCE_LABELS } from './labels';
import { SettingsSection } from './settings-section';
import { CARD } from '@/components/ui/section-card';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const CustomFieldForm = dynamic(() => import('./custom-field-form').then((m) => m.CustomFieldForm), {
  loading: () => <Skeleton className="h-64 w-full" />,
});

function TypeText({ field }: { field: CustomField }) {
  const options = field.options.length ? ` · ${field.options.map((o) => o.label).join(', ')}` : '';
  return (
    <>
      {FIELD_TYPE_LABELS[field.field_type]}
      {options ? <span className="text-slate-600 dark:text-slate-400">{options}</span> : null}
    </>
  );
}

function Status({ field }: { field: CustomField }) {
  return field.archived ? <Badge tone="grey">Archived</Badge> : <Badge tone="green">Active</Badge>;
}

type Editing = { field: CustomField } | { resource: CustomFieldResource } | null;

/** The account's custom fields by resource; admins add, edit, archive and delete them, others read them. */
export function CustomFieldsPage() {
  const isAdmin = useAccess().role === 'admin';
  const query = useAllCustomFields();
  const update = useUpdateCustomField({ silent: false });
  const [editing, setEditing] = useState<Editing>(null);

  const setArchived = (field: CustomField, archived: boolean) =>
    update.mutate(
      { id: field.id, changes: { archived }, base: field },
      { onSuccess: () => toast.success(archived ? `Archived “${field.label}”; its values are kept.` : `Restored “${field.label}”.`) },
    );

  const columns: Column<CustomField>[] = [
    {
      key: 'label',
      header: 'Label',
      cell: (f) => (
        <>
          <span className="font-medium">{f.label}</span>
          {/* Below the wide layout the key and type sit under the label. */}
          <span className="block break-all font-mono text-xs text-slate-600 md:hidden dark:text-slate-400">{f.key}</span>
          <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
            <TypeText field={f} />
            {f.required ? ' · required' : ''}
          </span>
        </>
      ),
    },
    { key: 'key', header: 'Key', className: 'hidden md:table-cell', cellClassName: 'font-mono text-xs break-all', cell: (f) => f.key },
    { key: 'type', header: 'Type', className: 'hidden sm:table-cell', cell: (f) => <TypeText field={f} /> },
    { key: 'required', header: 'Required', className: 'hidden sm:table-cell', cell: (f) => (f.required ? 'Yes' : 'No') },
    { key: 'status', header: 'Status', cell: (f) => <Status field={f} /> },
    ...(isAdmin
      ? [
          actionsColumn<CustomField>((f) => (
            <span className="inline-flex flex-wrap justify-end gap-1">
              <Button variant="secondary" size="sm" onClick={() => setEditing({ field: f })} aria-label={`Edit ${f.label}`}>
                Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setArchived(f, !f.archived)} aria-label={`${f.archived ? 'Restore' : 'Archive'} ${f.label}`}>
                {f.archived ? 'Restore' : 'Archive'}
              </Button>
            </span>
          )),
        ]
      : []),
  ];

  const title = editing === null ? '' : 'field' in editing ? `Edit “${editing.field.label}”` : 'New custom field';
  return (
    <SettingsSection
      id="custom-fields-heading"
      title="Custom fields"
      description={
        <>
          Fields of your own on projects, leads, companies and contacts: forms show an input for each, tables a column (projects and leads).{' '}
          {isAdmin ? 'Archive a field to hide it and keep its values.' : 'Only an admin can add or change them.'}
        </>
      }
      actions={isAdmin ? <Button onClick={() => setEditing({ resource: 'projects' })}>Add field</Button> : null}
    >
      <div className="space-y-6">
        {CUSTOM_FIELD_RESOURCES.map((resource) => {
          const items = query.data?.filter((f) => f.resource === resource);
          const label = RESOURCE_LABELS[resource];
          return (
            <section key={resource} aria-labelledby={`custom-fields-${resource}`}>
              <div className="mb-2 flex items-center justify-between gap-3">
                <h3 id={`custom-fields-${resource}`} className="text-base font-semibold">
                  {label}
                </h3>
                {isAdmin ? (
                  <Button variant="secondary" size="sm" onClick={() => setEditing({ resource })} aria-label={`Add a field to ${label.toLowerCase()}`}>
                    Add
                  </Button>
                ) : null}
              </div>
              {items?.length === 0 ? (
                // A short line, not the lists' tall empty state: most resources have no fields.
                <p className={`${CARD} px-3 py-2.5 text-sm text-slate-600 dark:text-slate-400`}>No custom fields on {label.toLowerCase()}.</p>
              ) : (
                <DataTable
                  query={{ ...query, data: items ? { items, total: items.length } : undefined }}
                  columns={columns}
                  caption={`Custom fields of ${label.toLowerCase()}`}
                  rowClassName={(f) => (f.archived ? 'text-slate-500 dark:text-slate-400' : '')}
                  skeletonRows={2}
                  empty={{ title: `No custom fields on ${label.toLowerCase()}.` }}
                />
              )}
            </section>
          );
        })}
      </div>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={title}>
        {editing !== null ? (
          <CustomFieldForm
            key={'field' in editing ? editing.field.id : editing.resource}
            field={'field' in editing ? editing.field : undefined}
            resource={'resource' in editing ? editing.resource : undefined}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </SettingsSection>
  );
}
