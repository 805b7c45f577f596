// The bid history's formulas (docs/insights.md): win rates and the learned probability of an open
// project. Pure, so the dashboard and the server compute them alike and tests check them by hand.

/** A ratio to four decimals; null without a denominator. */
export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
}

/** won ÷ (won + lost), to four decimals; null with no closed project. */
export function winRate(won: number, lost: number): number | null {
  return ratio(won, won + lost);
}

/** Below this many won and lost projects, a market sector is too thin to learn from: the account's whole history is used. */
export const MIN_GROUP_RESULTS = 5;

export interface SuggestedProbability {
  suggested_probability: number;
  suggested_probability_basis: { group_by: 'market_sector' | 'account'; won: number; lost: number };
}

/**
 * The learned probability: (won + 1) ÷ (won + lost + 2) — Laplace's rule of succession: a half with
 * no history, drawn towards the record as it grows — over the project's market sector, or over the
 * whole account when the sector has fewer than MIN_GROUP_RESULTS results (or the project has none);
 * to four decimals.
 */
export function suggestedProbability(sector: readonly [number, number], account: readonly [number, number]): SuggestedProbability {
  const bySector = sector[0] + sector[1] >= MIN_GROUP_RESULTS;
  const [won, lost] = bySector ? sector : account;
  return {
    // The denominator is at least 2: never null.
    suggested_probability: ratio(won + 1, won + lost + 2)!,
    suggested_probability_basis: { group_by: bySector ? 'market_sector' : 'account', won, lost },
  };
}

/**
 * The go / no-go score: the weighted mean of the answers (1–5) over the live criteria answered,
 * rescaled to 0–100 — Σ w × (a − 1) ÷ 4 ÷ Σ w × 100 — to two decimals; null with no answer.
 */
export function goNoGoScore(answers: Record<string, number>, weights: Record<string, number>): number | null {
  let sum = 0;
  let total = 0;
  for (const [id, weight] of Object.entries(weights)) {
    const a = answers[id];
    if (a === undefined) continue;
    sum += (weight * (a - 1)) / 4;
    total += weight;
  }
  return total === 0 ? null : Math.round((sum / total) * 10_000) / 100;
}

/** The capacity answer a shortfall (FTE) of the project's roles suggests: 5 none, 4 ≤ 0.5, 3 ≤ 1, 2 ≤ 2, 1 beyond. */
export function capacityAnswer(shortfallFte: number): number {
  if (shortfallFte <= 0) return 5;
  if (shortfallFte <= 0.5) return 4;
  if (shortfallFte <= 1) return 3;
  if (shortfallFte <= 2) return 2;
  return 1;
}

/** amount × probability ÷ hours, dollars to the cent; null when one is missing (or no hours). */
export function valuePerHour(amountInCents: number | null, probability: number | null, hours: number | null): number | null {
  if (amountInCents === null || probability === null || !hours) return null;
  return Math.round((amountInCents * probability) / hours) / 100;
}

/** Where the odds in use come from: the project's own probability, or its stage's default. */
export function probabilitySource(p: {
  probability: number | null;
  project_stage: { name: string; default_probability: number | null } | null;
}): string | null {
  if (p.probability !== null) return 'entered on the project';
  if (p.project_stage?.default_probability != null) return `the ${p.project_stage.name} stage’s default`;
  return null;
}

/** The odds a project was entered with: its own probability, else its stage's default (as the forecast weighs it). */
export function enteredProbability(p: { probability: number | null; project_stage: { default_probability: number | null } | null }): number | null {
  return p.probability ?? p.project_stage?.default_probability ?? null;
}
