'use client';

import Link from 'next/link';
import { useCompany } from '@/lib/client/hooks/use-companies';
import { useContact } from '@/lib/client/hooks/use-contacts';
import type { MergeResource } from '@/lib/shared/validation/enums';
import { RESOURCE_WORDS } from './merge-words';
import { CARD } from '@/components/ui/section-card';

const linkClass = 'font-medium text-blue-800 hover:underline dark:text-blue-300';

/** The name of the record a merged one went into, once known. */
function useIntoName(resource: MergeResource, into: string): string | undefined {
  const company = useCompany(resource === 'companies' ? into : '');
  const contact = useContact(resource === 'contacts' ? into : '');
  return resource === 'companies' ? company.data?.name : (contact.data?.name ?? contact.data?.email ?? undefined);
}

/** In place of a merged record's page: which record it was merged into, with a link there. */
export function MergedNotice({ resource, into }: { resource: MergeResource; into: string }) {
  const words = RESOURCE_WORDS[resource];
  const name = useIntoName(resource, into);
  return (
    <div role="alert" className={`${CARD} px-6 py-14 text-center`}>
      <p className="font-medium">
        This {words.one} was merged into{' '}
        <Link href={`/${resource}/${into}`} className={linkClass}>
          {name ?? `another ${words.one}`}
        </Link>
        .
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Everything linked to it is there now.</p>
      <Link href={`/${resource}`} className={`mt-3 inline-block text-sm ${linkClass}`}>
        Back to the list
      </Link>
    </div>
  );
}
