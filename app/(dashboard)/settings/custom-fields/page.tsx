import type { Metadata } from 'next';
import { CustomFieldsPage } from '@/components/settings/custom-fields-page';

export const metadata: Metadata = { title: 'Custom fields · Settings' };

// Everyone reads the definitions (forms and tables are built from them); admins change them.
export default function Page() {
  return <CustomFieldsPage />;
}
