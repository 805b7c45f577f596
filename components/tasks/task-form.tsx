'use client';

import { useRecordSubmit } from '@/components/forms/use-record-submit';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { apiResolver, orNull } from '@/lib/client/forms';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import type { SearchOption } from '@/lib/client/hooks/use-search';
import { useProjectTaskLists } from '@/lib/client/hooks/use-task-lists';
import { useCreateTask, useDeleteTask, useUpdateTask, type Task } from '@/lib/client/hooks/use-tasks';
import { taskCreate, taskUpdate } from '@/lib/shared/validation/tasks';

type Values = {
  title: string;
  notes: string;
  deadline: string;
  assigned_to_id: string;
  contact: SearchOption | null;
  project: SearchOption | null;
  task_list_id: string;
  done: boolean;
};

/** What a new task starts with: a "add to this list" button passes its project and list. */
export interface TaskDefaults {
  project?: SearchOption | null;
  taskListId?: string;
  assignedToId?: string;
}

/** API fields kept in form fields of another name. */
const FIELD_OF = { contact_id: 'contact', project_id: 'project', completed_at: 'done' };

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function defaults(task: Task | undefined, d: TaskDefaults): Values {
  return {
    title: task?.title ?? '',
    notes: task?.notes ?? '',
    deadline: task?.deadline ?? '',
    assigned_to_id: task ? (task.assigned_to?.id ?? '') : (d.assignedToId ?? ''),
    contact: task?.contact ? { id: task.contact.id, name: task.contact.name ?? task.contact.email ?? `#${task.contact.id}` } : null,
    project: task ? (task.project ? { id: task.project.id, name: task.project.name } : null) : (d.project ?? null),
    task_list_id: task ? (task.task_list?.id ?? '') : (d.taskListId ?? ''),
    done: Boolean(task?.completed_at),
  };
}

function payloadOf(task: Task | undefined) {
  return (v: Values): Record<string, unknown> => ({
    title: v.title,
    notes: orNull(v.notes),
    deadline: orNull(v.deadline),
    assigned_to_id: orNull(v.assigned_to_id),
    contact_id: v.contact?.id ?? null,
    project_id: v.project?.id ?? null,
    task_list_id: orNull(v.task_list_id),
    // Keep the day a task was done when it is edited; a newly ticked box is done now.
    completed_at: v.done ? (task?.completed_at ?? now()) : null,
  });
}

/** Create or edit a task; task lists are those of the chosen project. */
export function TaskForm({ task, initial = {}, onDone }: { task?: Task; initial?: TaskDefaults; onDone: () => void }) {
  const create = useCreateTask({ silent: true });
  const update = useUpdateTask({ silent: true });
  const remove = useDeleteTask();
  const users = useOptions('/users', 'users').data ?? [];
  const toPayload = payloadOf(task);
  const form = useForm<Values>({
    defaultValues: defaults(task, initial),
    resolver: apiResolver(task ? taskUpdate : taskCreate, toPayload, FIELD_OF),
  });
  const {
    register,
    control,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const err = (name: string) => (errors as Record<string, { message?: string }>)[name]?.message;
  const project = useWatch({ control, name: 'project' });
  const lists = useProjectTaskLists(project?.id ?? '');

  const { onSubmit, banner } = useRecordSubmit({
    record: task,
    form,
    toPayload,
    original: (r) => payloadOf(r)(defaults(r, initial)),
    save: (changes, base) => (base ? update.mutateAsync({ id: base.id, changes, base }) : create.mutateAsync(changes)),
    done: (_saved, created) => {
      toast.success(created ? 'Task created.' : 'Task saved.');
      onDone();
    },
    discard: (current) => reset(defaults(current, initial)),
    fieldOf: FIELD_OF,
  });

  const onDelete = () => {
    if (!task || !window.confirm(`Delete the task “${task.title}”?`)) return;
    remove.mutate(task.id, {
      onSuccess: () => {
        toast.success('Task deleted.');
        onDone();
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {banner}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Title" error={err('title')} className="sm:col-span-2">
          {(a) => <Input {...a} {...register('title')} autoFocus />}
        </Field>
        <Field label="Notes" error={err('notes')} className="sm:col-span-2">
          {(a) => <Textarea {...a} {...register('notes')} />}
        </Field>
        <Field label="Deadline" error={err('deadline')}>
          {(a) => <Input {...a} {...register('deadline')} type="date" />}
        </Field>
        <Field label="Assigned to" error={err('assigned_to_id')}>
          {(a) => (
            // Controlled: the users arrive after the form, and the choice must show once they do.
            <Controller
              control={control}
              name="assigned_to_id"
              render={({ field }) => <Select {...a} {...field} options={users} placeholder="Nobody" />}
            />
          )}
        </Field>
        <Field label="Project" error={err('project')}>
          {(a) => (
            <Controller
              control={control}
              name="project"
              render={({ field }) => (
                <Combobox
                  {...a}
                  value={field.value}
                  onChange={(option) => {
                    field.onChange(option);
                    if (option?.id !== project?.id) setValue('task_list_id', '');
                  }}
                  path="/projects"
                  listKey="projects"
                  placeholder="Search projects…"
                  clearLabel="Clear project"
                />
              )}
            />
          )}
        </Field>
        <Field
          label="Task list"
          error={err('task_list_id')}
          hint={!project ? 'Choose a project first.' : lists.data?.length === 0 ? 'This project has no task lists.' : undefined}
        >
          {(a) => (
            <Controller
              control={control}
              name="task_list_id"
              render={({ field }) => (
                <Select
                  {...a}
                  {...field}
                  disabled={!project || lists.isPending}
                  options={lists.data ?? []}
                  placeholder="Not in a list"
                />
              )}
            />
          )}
        </Field>
        <Field label="Contact" error={err('contact')}>
          {(a) => (
            <Controller
              control={control}
              name="contact"
              render={({ field }) => (
                <Combobox
                  {...a}
                  value={field.value}
                  onChange={field.onChange}
                  path="/contacts"
                  listKey="contacts"
                  placeholder="Search contacts…"
                  clearLabel="Clear contact"
                />
              )}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
          <input type="checkbox" {...register('done')} className="h-4 w-4" /> Done
        </label>
      </div>
      <div className="flex flex-wrap justify-between gap-2">
        {task ? (
          <Button variant="secondary" onClick={onDelete} disabled={remove.isPending}>
            Delete task
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : task ? 'Save task' : 'Create task'}
        </Button>
      </div>
    </form>
  );
}
