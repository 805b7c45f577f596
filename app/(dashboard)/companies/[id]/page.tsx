import type { Metadata } from 'next';
import { CompanyDetail } from '@/components/companies/company-detail';

export const metadata: Metadata = { title: 'Company' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CompanyDetail id={id} />;
}
