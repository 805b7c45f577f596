'use client';

import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import Link from 'next/link';
import { useState } from 'react';
import { Skeleton } from '@/components/ui/states';
import { Options } from '@/components/ui/field';
import { formatDate, formatDollars } from '@/lib/client/format';
import { useProjects, type Project, type ProjectStage } from '@/lib/client/hooks/use-projects';
import type { QueryParams } from '@/lib/client/api-client';
import { boardColumnParams, CLOSED_WINDOW_DAYS } from './projects-params';

const stageOf = (data: unknown) => (data as { stage?: ProjectStage } | undefined)?.stage;
const projectOf = (data: unknown) => (data as { project?: Project } | undefined)?.project;

/**
 * Arrow keys move a picked-up card a whole column left or right (dnd-kit's default moves it 25 px):
 * the card's rectangle is centred on the next column's, near its top.
 */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const card = context.collisionRect;
  if (step === 0 || !card) return undefined;
  event.preventDefault();
  const columns = [...context.droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left);
  const centre = card.left + card.width / 2;
  const current = context.over ? columns.findIndex(([id]) => id === context.over!.id) : columns.findIndex(([, r]) => centre >= r.left && centre <= r.right);
  const next = columns[Math.min(columns.length - 1, Math.max(0, current + step))];
  if (!next) return undefined;
  const [, rect] = next;
  return { x: rect.left + (rect.width - card.width) / 2, y: rect.top + 56 };
};

/** The pointer's column when there is a pointer; the overlapping column for the keyboard. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

const instructions = {
  draggable:
    'To move this project to another stage, press space or enter, use the left and right arrow keys to choose a stage, then press space or enter again to drop it, or escape to cancel. The stage select on the card does the same.',
};

function announcements(stages: ProjectStage[]): Announcements {
  const stageName = (id: unknown) => stages.find((s) => `stage-${s.id}` === id)?.name ?? 'no stage';
  return {
    onDragStart: ({ active }) => `Picked up ${projectOf(active.data.current)?.name ?? 'project'}.`,
    onDragOver: ({ active, over }) => `${projectOf(active.data.current)?.name ?? 'Project'} is over ${stageName(over?.id)}.`,
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${projectOf(active.data.current)?.name ?? 'project'} on ${stageName(over.id)}.` : 'Dropped outside the stages; nothing moved.',
    onDragCancel: ({ active }) => `Cancelled. ${projectOf(active.data.current)?.name ?? 'The project'} stays where it was.`,
  };
}

function CardBody({ project }: { project: Project }) {
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs text-slate-600 dark:text-slate-400">
      <dt className="sr-only">Company</dt>
      <dd className="col-span-2 truncate">{project.company?.name ?? 'No company'}</dd>
      <dt>Amount</dt>
      <dd className="text-right font-medium tabular-nums text-slate-900 dark:text-slate-100">{formatDollars(project.amount)}</dd>
      <dt>Assignee</dt>
      <dd className="truncate text-right">{project.assigned_to?.name ?? 'Unassigned'}</dd>
      <dt>Bid due</dt>
      <dd className="text-right">{formatDate(project.bid_due_at ?? project.bid_due_date)}</dd>
    </dl>
  );
}

function ProjectCard({ project, stages, onMove }: { project: Project; stages: ProjectStage[]; onMove: (project: Project, stage: ProjectStage) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: project.id,
    data: { project },
  });
  return (
    <li
      ref={setNodeRef}
      className={`rounded-md border border-slate-200 bg-white p-2.5 shadow-sm dark:border-slate-700 dark:bg-slate-900 ${isDragging ? 'opacity-40' : ''}`}
    >
      <div className="flex items-start gap-1.5">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${project.name}`}
          className="-ml-1 mt-0.5 cursor-grab touch-none rounded px-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 active:cursor-grabbing dark:hover:bg-slate-800 dark:hover:text-slate-200"
        >
          <span aria-hidden>⠿</span>
        </button>
        <Link href={`/projects/${project.id}`} className="min-w-0 flex-1 text-sm font-medium leading-snug text-blue-800 hover:underline dark:text-blue-300">
          {project.name}
        </Link>
      </div>
      <CardBody project={project} />
      <select
        aria-label={`Stage of ${project.name}`}
        value={project.project_stage?.id ?? ''}
        onChange={(e) => {
          const stage = stages.find((s) => s.id === e.target.value);
          if (stage) onMove(project, stage);
        }}
        className="mt-2 block w-full rounded border border-slate-300 bg-white px-1.5 py-1 text-xs text-slate-700 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-200"
      >
        <Options options={stages} />
      </select>
    </li>
  );
}

const categoryAccent = { open: 'border-t-blue-500', won: 'border-t-emerald-500', lost: 'border-t-red-500' } as const;

function Column({
  stage,
  stages,
  filters,
  closedSince,
  onShowAllClosed,
  onMove,
}: {
  stage: ProjectStage;
  stages: ProjectStage[];
  filters: QueryParams;
  closedSince: string | null;
  onShowAllClosed: () => void;
  onMove: (project: Project, stage: ProjectStage) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `stage-${stage.id}`, data: { stage } });
  const { data, error, isPending, refetch } = useProjects(boardColumnParams(filters, stage, closedSince));
  const windowed = stage.category !== 'open' && closedSince !== null;
  const headingId = `stage-heading-${stage.id}`;
  const complete = data && data.items.length >= data.total;
  const sum = data?.items.reduce((s, p) => s + (p.amount ?? 0), 0) ?? 0;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={`flex w-72 shrink-0 flex-col rounded-lg border border-t-4 border-x-slate-200 border-b-slate-200 bg-slate-100 dark:border-x-slate-800 dark:border-b-slate-800 dark:bg-slate-900/60 ${categoryAccent[stage.category]} ${isOver ? 'ring-2 ring-blue-500' : ''}`}
    >
      <header className="px-3 pb-2 pt-2.5">
        <h2 className="flex items-baseline justify-between gap-2 text-sm font-semibold">
          <span id={headingId}>{stage.name}</span>
          <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{data ? `${data.total} project${data.total === 1 ? '' : 's'}` : ''}</span>
        </h2>
        {data && complete && data.total > 0 ? <p className="text-xs tabular-nums text-slate-600 dark:text-slate-400">{formatDollars(sum)}</p> : null}
        {windowed ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Closed in the last {CLOSED_WINDOW_DAYS} days ·{' '}
            <button type="button" className="text-blue-800 underline dark:text-blue-300" onClick={onShowAllClosed}>
              Show all {stage.category === 'won' ? 'won' : stage.name.toLowerCase()}
            </button>
          </p>
        ) : null}
      </header>
      <div className="flex-1 px-2 pb-2">
        {error ? (
          <div role="alert" className="p-2 text-sm">
            <p className="text-red-700 dark:text-red-400">Could not load this stage.</p>
            <button type="button" className="mt-1 text-blue-800 underline dark:text-blue-300" onClick={() => refetch()}>
              Retry
            </button>
          </div>
        ) : isPending ? (
          <div role="status" aria-label={`Loading ${stage.name}`} className="space-y-2">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : data.items.length === 0 ? (
          <p className="rounded border border-dashed border-slate-300 px-2 py-6 text-center text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No projects here. Drag a card in, or pick this stage on a card.
          </p>
        ) : (
          <ul className="space-y-2" aria-label={`Projects in ${stage.name}`}>
            {data.items.map((p) => (
              <ProjectCard key={p.id} project={p} stages={stages} onMove={onMove} />
            ))}
          </ul>
        )}
        {data && !complete ? (
          <Link
            href={`/projects?view=table&project_stage_id=${stage.id}${windowed ? `&closed_since=${closedSince}` : ''}`}
            className="mt-2 block text-center text-xs text-blue-800 underline dark:text-blue-300"
          >
            {data.total - data.items.length} more in the table
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** One column per stage, by position; cards move by pointer drag, keyboard drag, or their stage select. */
export function ProjectBoard({
  stages,
  filters,
  closedSince,
  onShowAllClosed,
  onMove,
}: {
  stages: ProjectStage[];
  filters: QueryParams;
  /** The first day of the won and lost columns (the last 90 days), or null for all. */
  closedSince: string | null;
  onShowAllClosed: () => void;
  onMove: (project: Project, stage: ProjectStage) => void;
}) {
  const [active, setActive] = useState<Project | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const project = projectOf(dragged.data.current);
    const stage = stageOf(over?.data.current);
    if (project && stage) onMove(project, stage);
  };
  return (
    <DndContext
      // A stable id: the drag handles' aria-describedby names the same element on the server and in the browser.
      id="project-board"
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements: announcements(stages), screenReaderInstructions: instructions }}
      onDragStart={({ active: a }) => setActive(projectOf(a.data.current) ?? null)}
      onDragCancel={() => setActive(null)}
      onDragEnd={onDragEnd}
    >
      {/* Scrolls sideways by itself. `relative` makes it the containing block of the cards'
          visually hidden (absolutely positioned) labels, which would otherwise stretch the page. */}
      <div role="region" aria-label="Project board" className="relative -mx-4 flex gap-3 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:px-6">
        {stages.map((stage) => (
          <Column key={stage.id} stage={stage} stages={stages} filters={filters} closedSince={closedSince} onShowAllClosed={onShowAllClosed} onMove={onMove} />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div className="w-68 rotate-2 rounded-md border border-blue-400 bg-white p-2.5 shadow-lg dark:bg-slate-900">
            <p className="text-sm font-medium">{active.name}</p>
            <CardBody project={active} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
