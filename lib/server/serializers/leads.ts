import { sql } from 'drizzle-orm';
import { leadRelations as rel } from '@/db/queries/leads';
import { renderedOnce } from '@/db/queries/sql';
import { leads } from '@/db/schema';
import type { LeadResponse } from '@/lib/shared/validation/leads';
import { addressJson, baseJson, isoJson, jsonObject, refJson } from './sql';

/**
 * The one Lead shape (`Lead` in the OpenAPI document), for every endpoint that returns leads,
 * built by PostgreSQL: pages, single reads and the echo of writes select it. Rendered to text once
 * (db/queries/sql.ts `renderedOnce`).
 */
export const leadJson = renderedOnce(
  [],
  () =>
    sql<LeadResponse>`${jsonObject([
      ...baseJson(leads),
      ['name', leads.name],
      ['description', leads.description],
      ['external_id', leads.externalId],
      ['priority', leads.priority],
      ['value_in_cents', leads.valueInCents],
      ['estimated_start_date', leads.estimatedStartDate],
      ['construction_duration', leads.constructionDuration],
      ['construction_duration_unit', leads.constructionDurationUnit],
      ['square_feet', leads.squareFeet],
      ['units', leads.units],
      ['archived_at', isoJson(leads.archivedAt)],
      ['snooze_until', isoJson(leads.snoozeUntil)],
      ['work_scope', leads.workScope],
      ['address', addressJson(leads)],
      ['assigned_to', refJson(rel.assignedTo, leads.assignedToId)],
      ['archived_by', refJson(rel.archivedBy, leads.archivedById)],
      ['created_by', refJson(rel.createdBy, leads.createdById)],
      ['company', refJson(rel.company, leads.companyId)],
      ['contact', refJson(rel.contact, leads.contactId)],
      ['contract_type', refJson(rel.contractType, leads.contractTypeId)],
      ['delivery_method', refJson(rel.deliveryMethod, leads.deliveryMethodId)],
      ['division', refJson(rel.division, leads.divisionId)],
      ['import', refJson(rel.import, leads.importId)],
      ['lead_source', refJson(rel.leadSource, leads.leadSourceId)],
      ['market_sector', refJson(rel.marketSector, leads.marketSectorId)],
      ['tender_type', refJson(rel.tenderType, leads.tenderTypeId)],
      ['custom_fields', leads.customFields],
    ])}`,
)({});
