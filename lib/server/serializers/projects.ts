import type { ProjectRow } from '@/db/queries/projects';
import {
  pricePer,
  projectDuration,
  projectStatus,
  pursuitDuration,
  stageAge,
  todayUtc,
} from '@/lib/shared/domain/projects';
import { goNoGoScore, suggestedProbability } from '@/lib/shared/domain/insights';
import type { ProjectResponse } from '@/lib/shared/validation/projects';
import { address, base, companyRef, isoOrNull, namedRef, personRef } from './common';
import { serializeProjectStage } from './lookups';

/** The one Project shape (`Project` in the OpenAPI document), derived fields included, for every endpoint returning projects. */
export function serializeProject(row: ProjectRow, now: Date = new Date()): ProjectResponse {
  const { project: p } = row;
  return {
    ...base(p),
    name: p.name,
    description: p.description,
    project_number: p.projectNumber,
    external_id: p.externalId,
    stage_age: stageAge(p.stageEnteredAt, now),
    project_duration: projectDuration(p.startDate, p.endDate),
    pursuit_duration: pursuitDuration(p, now),
    square_feet: p.squareFeet,
    units: p.units,
    probability: p.probability,
    ...(row.learned ? suggestedProbability(...row.learned) : { suggested_probability: null, suggested_probability_basis: null }),
    estimated_cost: p.estimatedCostInCents === null ? null : p.estimatedCostInCents / 100,
    forecast_curve: p.forecastCurve,
    forecast_manual_percentages: p.forecastManualPercentages,
    price_per_square_foot: pricePer(p.amountInCents, p.squareFeet),
    price_per_unit: pricePer(p.amountInCents, p.units),
    amount: p.amountInCents === null ? null : p.amountInCents / 100,
    project_status: projectStatus(p, todayUtc(now)),
    close_type: p.closeType,
    closed_at: isoOrNull(p.closedAt),
    award_date: p.awardDate,
    bid_due_date: p.bidDueDate,
    start_date: p.startDate,
    end_date: p.endDate,
    bid_due_at: isoOrNull(p.bidDueAt),
    bid_due_at_includes_time: p.bidDueAtIncludesTime,
    work_scope: p.workScope,
    address: address(p),
    assigned_to: personRef(row.assignedTo),
    created_by: personRef(row.createdBy),
    company: companyRef(row.company),
    contact: personRef(row.contact),
    contract_type: namedRef(row.contractType),
    division: namedRef(row.division),
    import: namedRef(row.import),
    lead_source: namedRef(row.leadSource),
    loss_reason: namedRef(row.lossReason),
    market_sector: namedRef(row.marketSector),
    tender_type: namedRef(row.tenderType),
    delivery_method: namedRef(row.deliveryMethod),
    project_stage: row.projectStage && serializeProjectStage(row.projectStage),
    custom_fields: p.customFields,
    estimating_hours: p.estimatingHours,
    go_no_go: {
      answers: p.goNoGoAnswers,
      score: goNoGoScore(p.goNoGoAnswers, row.goNoGoWeights),
      decision: p.goNoGoDecision,
      decided_by: personRef(row.goNoGoDecidedBy),
      decided_at: isoOrNull(p.goNoGoDecidedAt),
    },
  };
}

