'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { toast } from 'sonner';
import { useRecordWinner } from '@/lib/client/hooks/use-bid-results';
import { movedProject, useUpdateProject, type Project, type ProjectStage } from '@/lib/client/hooks/use-projects';
import { toastWithUndo } from '@/components/ui/undo-toast';
import type { CloseChoice, CloseRequest } from './close-project-dialog';

// Loads when a project is first moved to a closed stage, out of the board's first-load JavaScript.
const CloseProjectDialog = dynamic(() => import('./close-project-dialog').then((m) => m.CloseProjectDialog));

/**
 * Moving a project to another stage, from the board (drag or keyboard), a card's stage select or the
 * detail page. An open stage moves at once; a closed one first asks how the project closed, in a
 * dialog that saves the close itself (with If-Match, so a colleague's change since shows its
 * conflict panel). Either move is optimistic and rolls back if the API refuses it: an open move
 * says so in a toast, the dialog at its fields. A project closed as lost with its winner named then
 * records the winner's bid, a write of its own once the close is saved.
 */
export function useMoveProject(stages: ProjectStage[]) {
  const update = useUpdateProject();
  // The dialog shows the API's refusal of a close itself: no toast.
  const close = useUpdateProject({ silent: true });
  const recordWinner = useRecordWinner();
  const [closing, setClosing] = useState<CloseRequest | null>(null);

  const record = (project: Project, winner: NonNullable<CloseChoice['winner']>) =>
    recordWinner
      .mutateAsync({ projectId: project.id, companyId: winner.company.id, amountInCents: winner.amountInCents })
      .catch((error: Error) => toast.error(`“${project.name}” is closed, but ${winner.company.name} was not recorded as the winner: ${error.message}`));

  /** After a move the API took: the winner's bid, and the toast with Undo. */
  const moved = (project: Project, stage: ProjectStage, changes: Record<string, unknown>, saved: Project, winner?: CloseChoice['winner']) => {
    if (winner) void record(project, winner);
    const before = stages.find((s) => s.id === project.project_stage?.id);
    if (!before) return toast.success(`Moved “${project.name}” to ${stage.name}.`);
    // Undo: back to the stage it left, with what closing it changed as it was (If-Match on the moved project).
    const wasClosed = before.category !== 'open';
    const previous = {
      project_stage_id: before.id,
      ...('close_type' in changes || wasClosed ? { close_type: project.close_type } : {}),
      ...('loss_reason_id' in changes || wasClosed ? { loss_reason_id: project.loss_reason?.id ?? null } : {}),
      ...('award_date' in changes || wasClosed ? { award_date: project.award_date } : {}),
      ...(wasClosed ? { closed_at: project.closed_at } : {}),
    };
    const shownBefore = { close_type: project.close_type, loss_reason: project.loss_reason, award_date: project.award_date };
    toastWithUndo(`Moved “${project.name}” to ${stage.name}.`, () =>
      update.mutate(
        { id: project.id, changes: previous, optimistic: movedProject(saved, before, shownBefore), base: saved },
        { onSuccess: () => toast.success(`Undone: “${project.name}” is back in ${before.name}.`) },
      ),
    );
  };

  // mutateAsync, here and for the close: a mutate() callback is dropped when another move starts before it answers.
  const move = (project: Project, stage: ProjectStage) =>
    void update.mutateAsync({ id: project.id, changes: { project_stage_id: stage.id }, optimistic: movedProject(project, stage) }).then(
      (saved) => moved(project, stage, {}, saved),
      // Refused: rolled back, and said by the mutation cache's toast.
      () => undefined,
    );

  const saveClose = async ({ project, stage, changes, shown, winner }: CloseChoice) => {
    const saved = await close.mutateAsync({
      id: project.id,
      changes: { project_stage_id: stage.id, ...changes },
      optimistic: movedProject(project, stage, shown),
      base: project,
    });
    moved(project, stage, changes, saved, winner);
    return saved;
  };

  const requestMove = (project: Project, stage: ProjectStage) => {
    if (project.project_stage?.id === stage.id) return;
    if (stage.category === 'open') move(project, stage);
    else setClosing({ project, stage });
  };

  const dialog = closing ? (
    <CloseProjectDialog
      key={`${closing.project.id}-${closing.stage.id}`}
      request={closing}
      stages={stages}
      onCancel={() => setClosing(null)}
      onSave={saveClose}
      onClosed={() => setClosing(null)}
    />
  ) : null;
  return { requestMove, dialog, pending: update.isPending || close.isPending };
}
