'use client';

import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAccess } from '@/components/shell/access-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, inputClass } from '@/components/ui/field';
import { ErrorState, TableSkeleton } from '@/components/ui/states';
import {
  STAGES_LIST,
  useCreateEntry,
  useDeleteEntry,
  useMergeEntry,
  useOrderStages,
  useStagesSettings,
  useUpdateEntry,
  type Stage,
} from '@/lib/client/hooks/use-lists';
import { MergeForm } from './merge-form';
import { SettingsSection } from './settings-section';
import { CARD } from '@/components/ui/section-card';

// Settings → Pipeline (docs/settings.md): the project stages in board order. Admins rename them,
// set their win chance and colour, reorder them by dragging or with Move up / Move down, add
// them, and delete them (a stage with projects: after moving its projects to another stage of
// the same category).

const CATEGORY = { open: 'Open', won: 'Won', lost: 'Lost' } as const;
/** A stage without a colour of its own shows its category's. */
export const CATEGORY_COLORS = { open: '#2563eb', won: '#16a34a', lost: '#dc2626' } as const;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const percent = (p: number | null) => (p === null ? '' : String(Math.round(p * 100)));

function StageRow({
  stage,
  index,
  count,
  isAdmin,
  onMove,
  onDelete,
}: {
  stage: Stage;
  index: number;
  count: number;
  isAdmin: boolean;
  onMove: (from: number, to: number) => void;
  onDelete: (stage: Stage) => void;
}) {
  const update = useUpdateEntry();
  const [name, setName] = useState(stage.name);
  const [chance, setChance] = useState(percent(stage.default_probability));
  const [color, setColor] = useState(stage.color ?? CATEGORY_COLORS[stage.category]);
  const { attributes, listeners, setNodeRef: setDragNode, isDragging } = useDraggable({ id: stage.id, disabled: !isAdmin });
  const { setNodeRef: setDropNode, isOver } = useDroppable({ id: stage.id });
  const changes: Record<string, unknown> = {};
  if (name.trim() !== stage.name) changes.name = name.trim();
  if (chance !== percent(stage.default_probability)) changes.default_probability = chance === '' ? null : Number(chance) / 100;
  if (color !== (stage.color ?? CATEGORY_COLORS[stage.category])) changes.color = color;
  const dirty = Object.keys(changes).length > 0;
  const chanceValid = chance === '' || (Number(chance) >= 0 && Number(chance) <= 100);
  const save = () =>
    update
      .mutateAsync({ list: STAGES_LIST, id: stage.id, changes, base: stage })
      .then(() => toast.success(`Saved “${name.trim()}”.`))
      .catch(() => undefined); // the mutation cache's handler shows the error

  return (
    <li
      ref={setDropNode}
      className={`flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3 sm:px-4 ${isOver && !isDragging ? 'bg-blue-50 dark:bg-blue-950/40' : ''} ${isDragging ? 'opacity-50' : ''}`}
      aria-label={stage.name}
    >
      {isAdmin ? (
        <button
          type="button"
          ref={setDragNode}
          {...listeners}
          {...attributes}
          aria-label={`Drag “${stage.name}” to reorder`}
          className="cursor-grab rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800"
        >
          <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5 fill-current">
            <circle cx="7" cy="5" r="1.5" />
            <circle cx="13" cy="5" r="1.5" />
            <circle cx="7" cy="10" r="1.5" />
            <circle cx="13" cy="10" r="1.5" />
            <circle cx="7" cy="15" r="1.5" />
            <circle cx="13" cy="15" r="1.5" />
          </svg>
        </button>
      ) : null}
      <input
        type="color"
        aria-label={`Colour of “${stage.name}”`}
        value={color}
        disabled={!isAdmin}
        onChange={(e) => setColor(e.target.value)}
        className="h-8 w-8 shrink-0 cursor-pointer rounded border border-slate-300 bg-transparent p-0.5 disabled:cursor-default dark:border-slate-600"
      />
      <div className="min-w-40 flex-1">
        {isAdmin ? (
          <input
            aria-label={`Name of “${stage.name}”`}
            className={`${inputClass} w-full`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={255}
          />
        ) : (
          <p className="font-medium">{stage.name}</p>
        )}
      </div>
      <Badge tone={stage.category === 'won' ? 'green' : stage.category === 'lost' ? 'red' : 'grey'}>{CATEGORY[stage.category]}</Badge>
      <label className="flex items-center gap-1.5 whitespace-nowrap text-sm text-slate-600 dark:text-slate-400">
        Win chance
        <input
          type="number"
          min={0}
          max={100}
          step={1}
          disabled={!isAdmin}
          aria-invalid={!chanceValid}
          className={`${inputClass} w-20`}
          value={chance}
          placeholder="—"
          onChange={(e) => setChance(e.target.value)}
        />
        %
      </label>
      <span className="w-24 text-sm tabular-nums text-slate-600 dark:text-slate-400">{plural(stage.usage_count, 'project')}</span>
      {isAdmin ? (
        <div className="flex items-center gap-1">
          <Button variant="secondary" size="sm" disabled={!dirty || !chanceValid || name.trim() === '' || update.isPending} onClick={save}>
            Save
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Move “${stage.name}” up`} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
            ↑
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Move “${stage.name}” down`} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
            ↓
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onDelete(stage)}>
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Delete a stage: at once when it holds no project, else after choosing where its projects go. */
function DeleteStageDialog({ stage, stages, onClose }: { stage: Stage | null; stages: Stage[]; onClose: () => void }) {
  const remove = useDeleteEntry();
  const merge = useMergeEntry();
  const targets = stage ? stages.filter((s) => s.id !== stage.id && s.category === stage.category) : [];
  const done = (message: string) => {
    toast.success(message);
    onClose();
  };
  return (
    <Dialog open={stage !== null} onClose={onClose} title={stage ? `Delete “${stage.name}”` : 'Delete stage'}>
      {stage && stage.usage_count === 0 ? (
        <div className="space-y-4">
          <p className="text-sm">No project is in this stage. Deleting it takes it off the board.</p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ list: STAGES_LIST, id: stage.id }, { onSuccess: () => done(`Deleted “${stage.name}”.`) })}
            >
              Delete stage
            </Button>
          </div>
        </div>
      ) : stage ? (
        <MergeForm
          label="Move the projects to"
          choose="Choose a stage"
          options={targets}
          submit="Move projects and delete"
          pending={merge.isPending}
          onCancel={onClose}
          onMerge={(intoId) =>
            merge.mutate(
              { list: STAGES_LIST, id: stage.id, intoId },
              { onSuccess: (into) => done(`Moved ${plural(stage.usage_count, 'project')} to “${into.name}” and deleted “${stage.name}”.`) },
            )
          }
        >
          <p className="text-sm">
            {plural(stage.usage_count, 'project is', 'projects are')} in “{stage.name}”. Move {stage.usage_count === 1 ? 'it' : 'them'} to another{' '}
            {CATEGORY[stage.category].toLowerCase()} stage first; the stage is then deleted.
          </p>
          {targets.length === 0 ? (
            <p className="text-sm text-amber-800 dark:text-amber-300">
              There is no other {CATEGORY[stage.category].toLowerCase()} stage to move them to. Add one below, then delete this one.
            </p>
          ) : null}
        </MergeForm>
      ) : null}
    </Dialog>
  );
}

function AddStage() {
  const create = useCreateEntry();
  const [name, setName] = useState('');
  const [category, setCategory] = useState<keyof typeof CATEGORY>('open');
  const [chance, setChance] = useState('');
  return (
    <form
      className="flex flex-wrap items-end gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800"
      onSubmit={(e) => {
        e.preventDefault();
        const fields = { name: name.trim(), category, ...(chance !== '' && { default_probability: Number(chance) / 100 }) };
        create.mutate(
          { list: STAGES_LIST, fields },
          {
            onSuccess: () => {
              toast.success(`Added “${fields.name}” at the end of the pipeline.`);
              setName('');
              setChance('');
            },
          },
        );
      }}
    >
      <Field label="New stage" className="min-w-48 flex-1">
        {(a) => <Input {...a} value={name} onChange={(e) => setName(e.target.value)} placeholder="Prequalification" maxLength={255} required />}
      </Field>
      <Field label="Category">
        {(a) => (
          <select {...a} className={inputClass} value={category} onChange={(e) => setCategory(e.target.value as keyof typeof CATEGORY)}>
            <option value="open">Open (still pursued)</option>
            <option value="won">Won</option>
            <option value="lost">Lost</option>
          </select>
        )}
      </Field>
      <Field label="Win chance (%)" className="w-32">
        {(a) => <Input {...a} type="number" min={0} max={100} value={chance} onChange={(e) => setChance(e.target.value)} placeholder="—" />}
      </Field>
      <Button type="submit" disabled={!name.trim() || create.isPending}>
        Add stage
      </Button>
    </form>
  );
}

/** The stages in board order, each editable in place by admins. */
export function PipelinePage() {
  const isAdmin = useAccess().role === 'admin';
  const query = useStagesSettings();
  const order = useOrderStages();
  const [deleting, setDeleting] = useState<Stage | null>(null);
  const stages = query.data ?? [];
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= stages.length || from === to) return;
    const ids = stages.map((s) => s.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    order.mutate(ids, { onSuccess: () => toast.success(`Moved “${stages[from]!.name}” to position ${to + 1}.`) });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(
      stages.findIndex((s) => s.id === active.id),
      stages.findIndex((s) => s.id === over.id),
    );
  };
  return (
    <SettingsSection
      id="pipeline-heading"
      title="Pipeline stages"
      description={
        <>
          The stages a project moves through, in the order the board shows them. The win chance weighs the forecast for projects without one of their own.{' '}
          {isAdmin ? 'Drag a stage, or use its arrows, to reorder.' : 'Only an admin can change them.'}
        </>
      }
    >
      <div className={CARD}>
        {query.error ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : !query.data ? (
          <TableSkeleton rows={7} />
        ) : (
          <DndContext id="pipeline-stages" sensors={sensors} onDragEnd={onDragEnd}>
            <ol aria-label="Stages in board order" className="divide-y divide-slate-100 dark:divide-slate-800">
              {stages.map((stage, i) => (
                <StageRow
                  // A new position keeps the row (and what is being typed in it); a saved change resets it.
                  key={`${stage.id}-${stage.name}-${stage.color}-${stage.default_probability}`}
                  stage={stage}
                  index={i}
                  count={stages.length}
                  isAdmin={isAdmin}
                  onMove={move}
                  onDelete={setDeleting}
                />
              ))}
            </ol>
          </DndContext>
        )}
        {isAdmin ? <AddStage /> : null}
      </div>
      <DeleteStageDialog stage={deleting} stages={stages} onClose={() => setDeleting(null)} />
    </SettingsSection>
  );
}
