import type { LeadRow } from '@/db/queries/leads';
import type { LeadResponse } from '@/lib/shared/validation/leads';
import { address, base, companyRef, isoOrNull, namedRef, personRef } from './common';

/** The one Lead shape (`Lead` in the OpenAPI document), for every endpoint that returns leads. */
export function serializeLead(row: LeadRow): LeadResponse {
  const { lead } = row;
  return {
    ...base(lead),
    name: lead.name,
    description: lead.description,
    external_id: lead.externalId,
    priority: lead.priority,
    value_in_cents: lead.valueInCents,
    estimated_start_date: lead.estimatedStartDate,
    construction_duration: lead.constructionDuration,
    construction_duration_unit: lead.constructionDurationUnit,
    square_feet: lead.squareFeet,
    units: lead.units,
    archived_at: isoOrNull(lead.archivedAt),
    snooze_until: isoOrNull(lead.snoozeUntil),
    work_scope: lead.workScope,
    address: address(lead),
    assigned_to: personRef(row.assignedTo),
    archived_by: personRef(row.archivedBy),
    created_by: personRef(row.createdBy),
    company: companyRef(row.company),
    contact: personRef(row.contact),
    contract_type: namedRef(row.contractType),
    delivery_method: namedRef(row.deliveryMethod),
    division: namedRef(row.division),
    import: namedRef(row.import),
    lead_source: namedRef(row.leadSource),
    market_sector: namedRef(row.marketSector),
    tender_type: namedRef(row.tenderType),
  };
}
