import { redirect } from 'next/navigation';

// Settings opens on the account's own set-up: its pipeline.
export default function Page() {
  redirect('/settings/pipeline');
}
