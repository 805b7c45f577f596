'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { movedProject, useUpdateProject, type Project, type ProjectStage } from '@/lib/queries/projects';
import { CloseProjectDialog, type CloseRequest } from './close-project-dialog';

/**
 * Moving a project to another stage, from the board (drag or keyboard), a card's stage select or the
 * detail page. An open stage moves at once; a closed one first asks how the project closed. The
 * move is optimistic and rolls back (with a toast) if the API refuses it.
 */
export function useMoveProject(stages: ProjectStage[]) {
  const update = useUpdateProject();
  const [closing, setClosing] = useState<CloseRequest | null>(null);

  const move = (project: Project, stage: ProjectStage, changes: Record<string, unknown>, shown: Partial<Project>) =>
    update.mutate(
      { id: project.id, changes: { project_stage_id: stage.id, ...changes }, optimistic: movedProject(project, stage, shown) },
      { onSuccess: () => toast.success(`Moved “${project.name}” to ${stage.name}.`) },
    );

  const requestMove = (project: Project, stage: ProjectStage) => {
    if (project.project_stage?.id === stage.id) return;
    if (stage.category === 'open') move(project, stage, {}, {});
    else setClosing({ project, stage });
  };

  const dialog = (
    <CloseProjectDialog
      key={closing ? `${closing.project.id}-${closing.stage.id}` : 'none'}
      request={closing}
      stages={stages}
      onCancel={() => setClosing(null)}
      onConfirm={({ stage, changes, shown }) => {
        if (closing) move(closing.project, stage, changes, shown);
        setClosing(null);
      }}
    />
  );
  return { requestMove, dialog, pending: update.isPending };
}
