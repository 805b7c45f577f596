import type { CallRow } from '@/db/queries/calls';
import type { CallResponse } from '@/lib/shared/validation/calls';
import { base, companyRef, iso, namedRef, personRef } from './common';

/** The one Call shape (`Call` in the OpenAPI document), for every endpoint that returns calls. */
export function serializeCall(row: CallRow): CallResponse {
  const { call } = row;
  return {
    ...base(call),
    notes: call.notes,
    recorded_at: iso(call.recordedAt),
    call_outcome: namedRef(row.callOutcome),
    company: companyRef(row.company),
    contact: personRef(row.contact),
    created_by: personRef(row.createdBy),
    project: namedRef(row.project),
  };
}
