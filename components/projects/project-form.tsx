'use client';

import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { CheckboxField } from '@/components/forms/fields/checkbox-field';
import { enumOptions, LookupSelectField, relationValues, SelectField } from '@/components/forms/fields/select-field';
import { DateField, MoneyField, NumberField, TextareaField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { PURSUIT_LOOKUPS } from '@/components/forms/pursuit-lookups';
import { CustomFieldsFields, useCustomFieldsForm, type CustomFieldsForm, type CustomFieldValues } from '@/components/forms/fields/custom-fields-field';
import { Skeleton } from '@/components/ui/states';
import { AddressFields, addressPayload, addressValues, type AddressValues } from '@/components/forms/fields/address-field';
import { dollarsToCents, humanize } from '@/lib/client/format';
import { intOrNull, orNull } from '@/lib/client/forms';
import { api } from '@/lib/client/api-client';
import { type Option, relationSelects } from '@/lib/client/hooks/use-lookups';
import { useCreateProject, useProjectStages, useUpdateProject, type Project } from '@/lib/client/hooks/use-projects';
import { CLOSE_TYPES, WORK_SCOPES } from '@/lib/shared/validation/enums';
import { projectCreate, projectUpdate } from '@/lib/shared/validation/projects';

const RELATIONS = relationSelects(['company_id', 'contact_id', 'assigned_to_id', ...PURSUIT_LOOKUPS, 'loss_reason_id']);
type RelationField = (typeof RELATIONS)[number][0];

type Values = {
  name: string;
  description: string;
  project_number: string;
  external_id: string;
  amount_dollars: string;
  probability_percent: string;
  square_feet: string;
  units: string;
  estimating_hours: string;
  award_date: string;
  bid_due_date: string;
  bid_due_at: string;
  bid_due_at_includes_time: boolean;
  start_date: string;
  end_date: string;
  work_scope: string;
  project_stage_id: string;
  close_type: string;
  address: AddressValues;
} & Record<RelationField, string>;

/** Form fields that hold an API field in another unit. */
const FIELD_OF = { amount: 'amount_dollars', probability: 'probability_percent' } as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** An API timestamp as the value of a datetime-local input, in the browser's time zone. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value (the browser's time zone) as an API timestamp. */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** "12.5" (percent) → 0.125; blank → null; anything else → NaN. */
function percentToProbability(input: string): number | null {
  const cleaned = input.replace(/[%\s]/g, '');
  if (cleaned === '') return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) / 100 : Number.NaN;
}

function defaults(project?: Project): Values {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    project_number: project?.project_number ?? '',
    external_id: project?.external_id ?? '',
    amount_dollars: project?.amount == null ? '' : String(project.amount),
    probability_percent: project?.probability == null ? '' : String(Math.round(project.probability * 10_000) / 100),
    square_feet: project?.square_feet?.toString() ?? '',
    units: project?.units?.toString() ?? '',
    estimating_hours: project?.estimating_hours?.toString() ?? '',
    award_date: project?.award_date ?? '',
    bid_due_date: project?.bid_due_date ?? '',
    bid_due_at: toLocalInput(project?.bid_due_at),
    bid_due_at_includes_time: project?.bid_due_at_includes_time ?? false,
    start_date: project?.start_date ?? '',
    end_date: project?.end_date ?? '',
    work_scope: project?.work_scope ?? '',
    project_stage_id: project?.project_stage?.id ?? '',
    close_type: project?.close_type ?? '',
    address: addressValues(project?.address),
    ...relationValues(project, RELATIONS),
  };
}

/** Form values to the API's project body: dollars stay dollars, percent becomes 0–1, blanks null. */
function toPayload(v: Values): Record<string, unknown> {
  const cents = dollarsToCents(v.amount_dollars);
  return {
    name: v.name,
    description: orNull(v.description),
    project_number: orNull(v.project_number),
    external_id: orNull(v.external_id),
    amount: cents === null ? null : cents / 100,
    probability: percentToProbability(v.probability_percent),
    square_feet: intOrNull(v.square_feet),
    units: intOrNull(v.units),
    estimating_hours: intOrNull(v.estimating_hours),
    award_date: orNull(v.award_date),
    bid_due_date: orNull(v.bid_due_date),
    bid_due_at: fromLocalInput(v.bid_due_at),
    bid_due_at_includes_time: v.bid_due_at_includes_time,
    start_date: orNull(v.start_date),
    end_date: orNull(v.end_date),
    work_scope: orNull(v.work_scope),
    // Left blank on a new project, the API picks the first open stage.
    ...(v.project_stage_id ? { project_stage_id: v.project_stage_id } : {}),
    close_type: orNull(v.close_type),
    address: addressPayload(v.address),
    ...Object.fromEntries(RELATIONS.map(([k]) => [k, orNull(v[k])])),
  };
}

function inputChecks(v: Values): Record<string, string> {
  const checks: Record<string, string> = {};
  if (Number.isNaN(dollarsToCents(v.amount_dollars))) checks.amount_dollars = 'Enter dollars, like 1,250,000 or 19.99.';
  const p = percentToProbability(v.probability_percent);
  if (p !== null && (Number.isNaN(p) || p > 1)) checks.probability_percent = 'Enter a percentage from 0 to 100.';
  // The schema checks this too, but only once every field is valid; say it at once.
  if (v.start_date && v.end_date && v.end_date < v.start_date) checks.end_date = 'must be on or after start_date';
  return checks;
}

/** The project's current relations as options, so a select shows them even past the first 100 choices. */
function currentOptions(project?: Project): Partial<Record<RelationField, Option>> {
  if (!project) return {};
  const opt = (r: { id: string; name: string | null; email?: string | null } | null) => (r ? { id: r.id, name: r.name ?? r.email ?? r.id } : undefined);
  return {
    company_id: opt(project.company),
    contact_id: opt(project.contact),
    assigned_to_id: opt(project.assigned_to),
    contract_type_id: opt(project.contract_type),
    delivery_method_id: opt(project.delivery_method),
    division_id: opt(project.division),
    lead_source_id: opt(project.lead_source),
    market_sector_id: opt(project.market_sector),
    tender_type_id: opt(project.tender_type),
    loss_reason_id: opt(project.loss_reason),
  };
}

/** Contacts of the chosen company (all contacts when none is chosen), by name. */
function useContactOptions(companyId: string) {
  return useQuery({
    queryKey: ['lookups', '/contacts', { company_id: companyId }],
    queryFn: async () =>
      (await api.list<{ id: string; name: string | null; email: string | null }>('/contacts', 'contacts', { company_id: companyId, per_page: 100 })).items
        .map((c): Option => ({ id: c.id, name: c.name ?? c.email ?? c.id }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: 5 * 60_000,
  });
}

/** The contact select: contacts of the company chosen in the form. */
function ContactSelect(props: { name: string; label: string; current?: Option }) {
  const companyId = useWatch({ name: 'company_id' }) as string;
  return <SelectField {...props} options={useContactOptions(companyId).data} />;
}

/** Create or edit a project with every writable field and the account's custom fields; the API's 422s land next to their fields. */
export function ProjectForm(props: { project?: Project; onDone: (project: Project) => void }) {
  // The form's defaults depend on the custom field definitions: it starts once they are here.
  const custom = useCustomFieldsForm('projects');
  return custom ? <ProjectFormBody {...props} custom={custom} /> : <Skeleton className="h-96 w-full" />;
}

function ProjectFormBody({ project, onDone, custom }: { project?: Project; onDone: (project: Project) => void; custom: CustomFieldsForm }) {
  const stages = useProjectStages().data ?? [];
  const state = useRecordForm({
    record: project,
    schema: { create: projectCreate, update: projectUpdate },
    defaults: (p?: Project): Values & CustomFieldValues => ({ ...defaults(p), ...custom.values(p?.custom_fields) }),
    toPayload: (v: Values & CustomFieldValues) => ({ ...toPayload(v), ...custom.payload(v) }),
    fieldOf: FIELD_OF,
    inputChecks: (v: Values & CustomFieldValues) => ({ ...inputChecks(v), ...custom.checks(v) }),
    save: saveWith(useCreateProject(), useUpdateProject({ silent: true })),
    done: (saved, created) => {
      toast.success(created ? 'Project created.' : 'Project saved.');
      onDone(saved);
    },
  });
  const current = currentOptions(project);
  // close_type follows the stage: a closed stage sets its category, an open one clears it.
  const onStage = (id: string) => {
    const stage = stages.find((s) => s.id === id);
    state.form.setValue('close_type', stage && stage.category !== 'open' ? stage.category : '');
  };

  return (
    <RecordForm state={state} className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" className="sm:col-span-2" autoFocus />
        <TextareaField name="description" label="Description" className="sm:col-span-2" />
        <TextField name="project_number" label="Project number" />
        <TextField name="external_id" label="External id" hint="The id in another system (accounting, ERP)." />
        <SelectField name="project_stage_id" label="Stage" hint={project ? undefined : 'Blank: the first open stage.'} options={stages} onPick={onStage} />
        <SelectField
          name="close_type"
          label="Close type"
          hint="Follows the stage: won, lost, cancelled or did not pursue only in a closed stage."
          placeholder="— (open)"
          options={enumOptions(CLOSE_TYPES, humanize)}
        />
        <MoneyField name="amount_dollars" label="Amount (USD)" hint="Dollars, up to two decimals." />
        <TextField name="probability_percent" label="Probability (%)" hint="Chance of winning, 0 to 100." inputMode="decimal" placeholder="50" />
        <NumberField name="square_feet" label="Square feet" />
        <NumberField name="units" label="Units" />
        <NumberField name="estimating_hours" label="Estimating hours" hint="Hours the estimate will take: the go / no-go weighs them." />
        <SelectField name="work_scope" label="Work scope" options={enumOptions(WORK_SCOPES, humanize)} />
        <DateField name="award_date" label="Award date" />
        <DateField name="bid_due_date" label="Bid due date" />
        <DateField name="bid_due_at" label="Bid due at" hint="Your local time." withTime />
        <CheckboxField name="bid_due_at_includes_time" label="The bid due time matters (not just the day)" className="sm:col-span-2" />
        <DateField name="start_date" label="Start date" />
        <DateField name="end_date" label="End date" />
        {RELATIONS.map(([field, label, path, listKey]) =>
          field === 'contact_id' ? (
            <ContactSelect key={field} name={field} label={label} current={current[field]} />
          ) : (
            <LookupSelectField key={field} name={field} label={label} path={path} listKey={listKey} current={current[field]} />
          ),
        )}
      </div>
      <AddressFields />
      <CustomFieldsFields form={custom} />
      <SubmitRow label={project ? 'Save project' : 'Create project'} />
    </RecordForm>
  );
}
