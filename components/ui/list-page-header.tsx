import type { ReactNode } from 'react';
import type { QueryParams } from '@/lib/client/api-client';
import type { ImportableResource } from '@/lib/shared/import-fields';
import { ExportMenu } from './export-menu';
import { ImportLink } from './import-link';
import { PageHeader } from './page-header';

/**
 * A list page's header: its title, what it lists, and its actions after the list's export (every
 * row the filters match, `exports: null` while the filters are not known yet). A page of its own
 * header (the projects board loads the export menu later) uses PageHeader and ExportMenu itself.
 */
export function ListPageHeader({
  title,
  description,
  exports,
  imports,
  actions,
}: {
  title: string;
  description?: string;
  exports: { path: string; params: QueryParams; what: string } | null;
  /** The list's records can be imported from a spreadsheet: an Import link beside the export. */
  imports?: ImportableResource;
  actions?: ReactNode;
}) {
  return (
    <PageHeader
      title={title}
      description={description}
      actions={
        <>
          {exports ? <ExportMenu {...exports} /> : null}
          {imports ? <ImportLink resource={imports} /> : null}
          {actions}
        </>
      }
    />
  );
}
