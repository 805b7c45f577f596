import type { Metadata } from 'next';
import { ScorecardPage } from '@/components/settings/scorecard-page';

export const metadata: Metadata = { title: 'Scorecard · Settings' };

// Everyone with insights reads the go / no-go criteria; account admins change them.
export default function Page() {
  return <ScorecardPage />;
}
