import type { Metadata } from 'next';
import { NotificationSettingsPage } from '@/components/settings/notification-settings-page';

export const metadata: Metadata = { title: 'Notifications · Settings' };

// How you hear of each kind of notification by email: right away, in the morning digest, or not.
export default function Page() {
  return <NotificationSettingsPage />;
}
