import Link from 'next/link';
import type { ImportableResource } from '@/lib/shared/import-fields';
import { buttonClass } from './button';

/** Beside a list's export: import a spreadsheet of its records (Settings → Import, with the list chosen). */
export function ImportLink({ resource }: { resource: ImportableResource }) {
  return (
    <Link href={`/settings/import?resource=${resource}`} className={buttonClass('secondary')}>
      Import
    </Link>
  );
}
