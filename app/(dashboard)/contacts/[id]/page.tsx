import type { Metadata } from 'next';
import { ContactDetail } from '@/components/contacts/contact-detail';

export const metadata: Metadata = { title: 'Contact' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ContactDetail id={id} />;
}
