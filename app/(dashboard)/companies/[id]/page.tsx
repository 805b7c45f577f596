import type { Metadata } from 'next';
import { CompanyDetail } from '@/components/companies/company-detail';
import { companyRelatedParams } from '@/components/companies/companies-params';
import { callsQuery } from '@/lib/client/hooks/use-calls';
import { companyQuery } from '@/lib/client/hooks/use-companies';
import { contactsQuery } from '@/lib/client/hooks/use-contacts';
import { leadsQuery } from '@/lib/client/hooks/use-leads';
import { projectsQuery } from '@/lib/client/hooks/use-projects';
import { RecordPagePrefetch } from '../../record-page-prefetch';

export const metadata: Metadata = { title: 'Company' };

// The company, its custom fields and its linked contacts, leads, projects and calls, in the
// server's HTML: all of them at once (each needs only the company's id). A list the user may not
// see fails here as in the browser, and the page says so there.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const related = companyRelatedParams(id);
  return (
    <RecordPagePrefetch
      id={id}
      record={companyQuery(id)}
      timeline="company"
      customFields="companies"
      extra={(client) => [
        client.prefetchQuery(contactsQuery(related.contacts)),
        client.prefetchQuery(leadsQuery(related.leads)),
        client.prefetchQuery(projectsQuery(related.projects)),
        client.prefetchQuery(callsQuery(related.calls)),
      ]}
    >
      <CompanyDetail id={id} />
    </RecordPagePrefetch>
  );
}
