import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { companies, contacts, contractTypes, deliveryMethods, divisions, leadSources, marketSectors, tenderTypes, users } from '@/db/schema';
import { companyRefColumns, namedRefColumns, personRefColumns } from './refs';
import type { AccountTable } from './tenant';

// The to-one relations of a record, each described once: the record's JSON embeds it by a scalar
// subquery on its foreign key (lib/server/serializers/sql.ts `refJson`), and its writes check that its `<relation>_id` names a
// record of the account (`referencesOf`). Leads and projects share most of theirs
// (`pipelineRelations`); each adds its own beside them, described the same way.

export interface Relation {
  /** The API's `<relation>_id` field, which a write must point at a record of the account; null: set by the server. */
  field: string | null;
  /** The foreign key, by its property name on the record's table. */
  column: string;
  /** The related record's table. */
  table: AccountTable;
  /** The alias the read joins it as, when the record has two relations to one table (users). */
  as?: AccountTable;
  /** The embedded columns, taken from `as` or `table`: a named, person or company reference (./refs.ts). */
  columns: Record<string, AnyPgColumn>;
}
type Relations = Record<string, Relation>;

const assignedTo = alias(users, 'assigned_to');
const createdBy = alias(users, 'created_by');

/** What leads and projects share: the embeds of both reads, and the same fields on both writes. */
export const pipelineRelations = {
  assignedTo: { field: 'assigned_to_id', column: 'assignedToId', table: users, as: assignedTo, columns: personRefColumns(assignedTo) },
  createdBy: { field: null, column: 'createdById', table: users, as: createdBy, columns: personRefColumns(createdBy) },
  company: { field: 'company_id', column: 'companyId', table: companies, columns: companyRefColumns(companies) },
  contact: { field: 'contact_id', column: 'contactId', table: contacts, columns: personRefColumns(contacts) },
  contractType: { field: 'contract_type_id', column: 'contractTypeId', table: contractTypes, columns: namedRefColumns(contractTypes) },
  deliveryMethod: { field: 'delivery_method_id', column: 'deliveryMethodId', table: deliveryMethods, columns: namedRefColumns(deliveryMethods) },
  division: { field: 'division_id', column: 'divisionId', table: divisions, columns: namedRefColumns(divisions) },
  leadSource: { field: 'lead_source_id', column: 'leadSourceId', table: leadSources, columns: namedRefColumns(leadSources) },
  marketSector: { field: 'market_sector_id', column: 'marketSectorId', table: marketSectors, columns: namedRefColumns(marketSectors) },
  tenderType: { field: 'tender_type_id', column: 'tenderTypeId', table: tenderTypes, columns: namedRefColumns(tenderTypes) },
} as const satisfies Relations;

/** The `<relation>_id` fields a write checks, and the table each must name a record of (a RecordKind's `references`). */
export function referencesOf(relations: Relations): Record<string, AccountTable> {
  return Object.fromEntries(Object.values(relations).flatMap((r) => (r.field === null ? [] : [[r.field, r.table]])));
}

/** A record's ids of these relations, by API field (`contract_type_id`): what a lead carries to its project. */
export function referenceIdsOf<R extends Relations>(
  relations: R,
  row: { [C in R[keyof R]['column']]: number | null },
): { [K in keyof R as R[K]['field'] & string]: number | null } {
  const ids = Object.values(relations).flatMap((r) => (r.field === null ? [] : [[r.field, row[r.column as R[keyof R]['column']]]]));
  return Object.fromEntries(ids) as { [K in keyof R as R[K]['field'] & string]: number | null };
}
