import { describe, expect, it } from 'vitest';
import { firstRunSteps } from './first-run-steps';

const stage = (changed = false) => ({ created_at: '2026-11-01T00:00:00Z', updated_at: changed ? '2026-11-02T00:00:00Z' : '2026-11-01T00:00:00Z' });
const fresh = { imports: 0, stages: Array.from({ length: 7 }, () => stage()), users: 1, calendarConnected: false };
const done = (facts: typeof fresh) => Object.fromEntries(firstRunSteps(facts).map((s) => [s.key, s.done]));

describe('the first-run checklist', () => {
  it('asks for everything in a new account', () => {
    expect(done(fresh)).toEqual({ import: false, pipeline: false, team: false, calendar: false });
  });

  it('ticks each step from what the account holds', () => {
    expect(done({ ...fresh, imports: 1 }).import).toBe(true);
    expect(done({ ...fresh, stages: [...fresh.stages.slice(1), stage(true)] }).pipeline).toBe(true);
    expect(done({ ...fresh, stages: fresh.stages.slice(1) }).pipeline).toBe(true);
    expect(done({ ...fresh, users: 2 }).team).toBe(true);
    expect(done({ ...fresh, calendarConnected: true }).calendar).toBe(true);
  });
});
