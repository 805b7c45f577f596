import type { ConstructionDurationUnit } from '@/db/schema';
import { COST_PER_SQUARE_FOOT, SECTOR_COST_FACTOR } from './data';
import type { CompanySeed, LeadSeed, ProjectSeed } from './plan';
import { dateOnly, type Random } from './random';

// Column values derived from a seed entry: money, dates and wording that stay plausible together.

/** Contract value in cents: square feet times a cost per foot for the scope and sector. */
export function valueInCents(r: Random, seed: LeadSeed): number {
  const [low, high] = COST_PER_SQUARE_FOOT[seed.scope];
  const dollars = seed.squareFeet * r.int(low, high) * (SECTOR_COST_FACTOR[seed.sector ?? ''] ?? 1);
  // What a mid-size GC pursues: $50k to $60M, in whole thousands.
  const rounded = dollars > 60_000_000 ? r.int(45_000, 59_999) * 1000 : Math.max(50_000, Math.round(dollars / 1000) * 1000);
  return rounded * 100;
}

const PROBABILITY: Record<ProjectSeed['stage'], number> = {
  Lead: 0.1,
  Qualifying: 0.2,
  Estimating: 0.35,
  'Bid Submitted': 0.5,
  Negotiating: 0.75,
  Won: 1,
  Lost: 0,
};

/** Win probability of the stage, nudged a little on open stages. */
export function probability(r: Random, seed: ProjectSeed): number {
  const base = PROBABILITY[seed.stage];
  if (base === 0 || base === 1) return base;
  return Math.round((base + r.pick([-0.05, 0, 0.05])) * 100) / 100;
}

/** Dates of a project consistent with its stage and, once won, with its intended status. */
export function projectTimeline(r: Random, seed: ProjectSeed) {
  let createdAt: Date;
  let stageEnteredAt: Date;
  let bidDue: Date | null = null;
  let award: Date | null = null;
  let start: Date | null = null;
  let end: Date | null = null;
  switch (seed.stage) {
    case 'Lead':
      createdAt = r.between(r.daysAgo(45), r.daysAgo(2));
      stageEnteredAt = createdAt;
      bidDue = r.chance(0.3) ? r.daysFromNow(r.int(30, 90)) : null;
      break;
    case 'Qualifying':
      createdAt = r.between(r.daysAgo(120), r.daysAgo(20));
      stageEnteredAt = r.between(r.addDays(createdAt, 3), r.daysAgo(2));
      bidDue = r.chance(0.6) ? r.daysFromNow(r.int(20, 75)) : null;
      break;
    case 'Estimating':
      createdAt = r.between(r.daysAgo(180), r.daysAgo(30));
      stageEnteredAt = r.between(r.addDays(createdAt, 7), r.daysAgo(3));
      bidDue = r.daysFromNow(r.int(5, 40));
      break;
    case 'Bid Submitted':
      createdAt = r.between(r.daysAgo(240), r.daysAgo(45));
      bidDue = r.between(r.daysAgo(35), r.daysAgo(3));
      stageEnteredAt = bidDue;
      break;
    case 'Negotiating':
      createdAt = r.between(r.daysAgo(300), r.daysAgo(60));
      bidDue = r.between(r.daysAgo(60), r.daysAgo(20));
      stageEnteredAt = r.between(r.addDays(bidDue, 3), r.daysAgo(2));
      break;
    case 'Won':
      if (seed.status === 'upcoming') {
        award = r.between(r.daysAgo(45), r.daysAgo(7));
        start = r.daysFromNow(r.int(20, 120));
        end = r.addDays(start, r.int(6, 18) * 30);
      } else if (seed.status === 'active') {
        award = r.between(r.daysAgo(300), r.daysAgo(90));
        start = r.addDays(award, r.int(14, 60));
        end = r.daysFromNow(r.int(30, 400));
      } else {
        award = r.between(r.daysAgo(700), r.daysAgo(420));
        start = r.addDays(award, r.int(14, 45));
        end = r.between(r.daysAgo(150), r.daysAgo(20));
      }
      createdAt = r.addDays(award, -r.int(60, 200));
      bidDue = r.addDays(award, -r.int(10, 40));
      stageEnteredAt = award;
      break;
    case 'Lost':
      createdAt = r.between(r.daysAgo(400), r.daysAgo(90));
      bidDue = r.addDays(createdAt, r.int(30, 70));
      stageEnteredAt = r.clamp(r.addDays(bidDue, r.int(7, 30)));
      break;
  }
  return { createdAt, stageEnteredAt, bidDue, award, start, end };
}

export function constructionDuration(r: Random, seed: LeadSeed): [number, ConstructionDurationUnit] {
  if (seed.scope === 'repair' || seed.scope === 'demolition' || seed.squareFeet < 5_000) {
    return r.chance(0.3) ? [r.int(20, 60), 'days'] : [r.int(3, 16), 'weeks'];
  }
  if (seed.squareFeet > 150_000) return r.chance(0.5) ? [2, 'years'] : [r.int(20, 30), 'months'];
  return [r.int(4, 18), 'months'];
}

/** Created after `notBefore`; done or open, with a deadline that is sometimes already past. */
export function taskTiming(r: Random, notBefore: Date, doneProbability: number) {
  const createdAt = r.between(notBefore, r.now);
  const completedAt = r.chance(doneProbability) ? r.between(createdAt, r.now) : null;
  let deadline: string | null = null;
  if (r.chance(0.85)) {
    if (completedAt) deadline = dateOnly(r.addDays(completedAt, r.int(-3, 7)));
    else if (createdAt < r.daysAgo(2) && r.chance(0.3)) {
      deadline = dateOnly(r.between(new Date(Math.max(createdAt.getTime(), r.daysAgo(20).getTime())), r.daysAgo(1)));
    } else deadline = dateOnly(r.daysFromNow(r.int(1, 45)));
  }
  return { createdAt, completedAt, deadline, updatedAt: completedAt ?? r.touched(createdAt) };
}

/** A call in the last 90 days, during office hours in the Mountain and Pacific time zones. */
export function callTime(r: Random): Date {
  const day = r.daysAgo(r.int(0, 89));
  const at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), r.int(15, 23), r.int(0, 59));
  return r.clamp(new Date(at));
}

/** Birthday, first year in the trade and hire date of a tradesperson, in that order. */
export function careerDates(r: Random) {
  const birthday = r.faker.date.between({ from: '1964-01-01T00:00:00Z', to: '2002-12-31T00:00:00Z' });
  const industryStart = r.clamp(r.addDays(birthday, r.int(18, 24) * 365 + r.int(0, 364)));
  const earliestHire = new Date(Math.max(industryStart.getTime(), Date.parse('2009-01-01T00:00:00Z')));
  const hired = r.between(earliestHire, r.daysAgo(30));
  return {
    birthday: dateOnly(birthday),
    industryStartDate: dateOnly(new Date(Math.min(industryStart.getTime(), hired.getTime()))),
    startDate: dateOnly(hired),
  };
}

const SCOPE_PHRASE: Record<LeadSeed['scope'], string> = {
  new_construction: 'New {size} building',
  addition: '{size} addition',
  renovation: 'Renovation of {size}',
  tenant_improvement: 'Tenant improvement of {size}',
  repair: 'Repairs across {size}',
  demolition: 'Demolition and site preparation, {size}',
  other: 'Specialty scope, about {size}',
};

/** A one-line scope description, e.g. "New 62,000 SF building for St. Luke's Community Hospital." */
export function describeScope(seed: LeadSeed, company: CompanySeed | null): string {
  const scope = SCOPE_PHRASE[seed.scope].replace('{size}', `${seed.squareFeet.toLocaleString('en-US')} SF`);
  const units = seed.units ? `, ${seed.units} units` : '';
  const who = !company ? '' : company.category === 'architect' ? `; ${company.name} is the architect` : ` for ${company.name}`;
  return `${scope}${units}${who}.`;
}

/** Lowercase ASCII letters only, for email handles. */
export function slug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}
