import type { SlipRow, SnapshotRow } from '@/db/queries/forecast';
import { dayNumber } from '@/lib/shared/domain/forecast';
import type { SlipResponse, SnapshotResponse } from '@/lib/shared/validation/forecast';
import { base, personRef } from './common';

export function serializeSnapshot({ snapshot, createdBy, projectCount }: SnapshotRow): SnapshotResponse {
  return {
    ...base(snapshot),
    source: snapshot.source as SnapshotResponse['source'],
    created_by: personRef(createdBy),
    project_count: projectCount,
  };
}

export function serializeSlip(r: SlipRow): SlipResponse {
  const slipped = r.startBefore !== null && r.startNow !== null ? dayNumber(r.startNow) - dayNumber(r.startBefore) : null;
  const amountChanged = r.amountBefore !== null && r.amountNow !== null && r.amountBefore !== r.amountNow;
  return {
    project: { ...base({ id: r.projectId, createdAt: r.createdAt, updatedAt: r.updatedAt }), name: r.name },
    start_date_before: r.startBefore,
    start_date_now: r.startNow,
    days_slipped: slipped !== null && slipped > 0 ? slipped : null,
    amount_before_in_cents: r.amountBefore,
    amount_now_in_cents: r.amountNow,
    amount_change_in_cents: amountChanged ? r.amountNow! - r.amountBefore! : null,
    probability_before: r.probabilityBefore,
    probability_now: r.probabilityNow,
    closed_since: r.statusBefore === 'pursuit' && r.closeTypeNow !== null,
  };
}
