'use client';

import { useAccess } from '@/components/shell/access-context';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { CheckboxField } from '@/components/forms/fields/checkbox-field';
import { RecordSearchField } from '@/components/forms/fields/record-search-field';
import { LookupSelectField, SelectField } from '@/components/forms/fields/select-field';
import { DateField, TextareaField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { Button } from '@/components/ui/button';
import { orNull } from '@/lib/client/forms';
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
  const remove = useDeleteTask();
  const { can } = useAccess();
  const state = useRecordForm({
    record: task,
    schema: { create: taskCreate, update: taskUpdate },
    defaults: (r?: Task) => defaults(r, initial),
    toPayload: payloadOf(task),
    original: (r) => payloadOf(r)(defaults(r, initial)),
    fieldOf: FIELD_OF,
    save: saveWith(useCreateTask({ silent: true }), useUpdateTask({ silent: true })),
    done: (_saved, created) => {
      toast.success(created ? 'Task created.' : 'Task saved.');
      onDone();
    },
  });
  const project = useWatch({ control: state.form.control, name: 'project' });
  const lists = useProjectTaskLists(project?.id ?? '');

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
    <RecordForm state={state}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="title" label="Title" className="sm:col-span-2" autoFocus />
        <TextareaField name="notes" label="Notes" className="sm:col-span-2" />
        <DateField name="deadline" label="Deadline" />
        <LookupSelectField name="assigned_to_id" label="Assigned to" path="/users" listKey="users" placeholder="Nobody" />
        <RecordSearchField
          name="project"
          label="Project"
          path="/projects"
          placeholder="Search projects…"
          onPick={(option, previous) => {
            if (option?.id !== previous?.id) state.form.setValue('task_list_id', '');
          }}
        />
        <SelectField
          name="task_list_id"
          label="Task list"
          hint={!project ? 'Choose a project first.' : lists.data?.length === 0 ? 'This project has no task lists.' : undefined}
          disabled={!project || lists.isPending}
          options={lists.data}
          placeholder="Not in a list"
        />
        <RecordSearchField name="contact" label="Contact" path="/contacts" placeholder="Search contacts…" />
        <CheckboxField name="done" label="Done" />
      </div>
      <SubmitRow
        label={task ? 'Save task' : 'Create task'}
        aside={
          task && can('projects', 'delete') ? (
            <Button variant="secondary" onClick={onDelete} disabled={remove.isPending}>
              Delete task
            </Button>
          ) : null
        }
      />
    </RecordForm>
  );
}
