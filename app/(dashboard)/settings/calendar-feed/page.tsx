import type { Metadata } from 'next';
import { CalendarFeedPage } from '@/components/settings/calendar-feed-page';

export const metadata: Metadata = { title: 'Calendar feed · Settings' };

// Your own feed URL for calendar apps: created, replaced and revoked from a signed-in session only.
export default function Page() {
  return <CalendarFeedPage />;
}
