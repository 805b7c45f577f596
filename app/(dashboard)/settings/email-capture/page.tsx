import type { Metadata } from 'next';
import { EmailCapturePage } from '@/components/settings/email-capture-page';

export const metadata: Metadata = { title: 'Email capture · Settings' };

// The account's address to BCC or forward mail to, how to use it from Outlook and Gmail, and (admins) its rotation.
export default function Page() {
  return <EmailCapturePage />;
}
