'use client';

import { useRouter } from 'next/navigation';
import { Dialog } from '@/components/ui/dialog';
import { ProjectForm } from './project-form';

/** The New project dialog: the form, then the new project's page. */
export function NewProjectDialog({ onClose }: { onClose: () => void }) {
  const router = useRouter();
  return (
    <Dialog open onClose={onClose} title="New project" wide>
      <ProjectForm onDone={(p) => router.push(`/projects/${p.id}`)} />
    </Dialog>
  );
}
