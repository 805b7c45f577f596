import type { Metadata } from 'next';
import { PipelinePage } from '@/components/settings/pipeline-page';

export const metadata: Metadata = { title: 'Pipeline · Settings' };

// Everyone reads the stages (the board is built from them); account admins change them.
export default function Page() {
  return <PipelinePage />;
}
