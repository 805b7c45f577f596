import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CalendarPage } from '@/components/calendar/calendar-page';
import { TableSkeleton } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Calendar' };

// The month shown and the day each bid falls on are the browser's (its today, its time zone),
// which the server does not know: no server prefetch.
export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <CalendarPage />
    </Suspense>
  );
}
