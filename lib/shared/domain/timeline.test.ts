import { describe, expect, it } from 'vitest';
import { andList, fieldLabel, timelineSummary } from './timeline';

describe('timelineSummary', () => {
  const base = { subject: 'project' as const, actor: 'Dana Ortiz' };

  it('tells a stage move by its stages, and what else changed with it', () => {
    expect(
      timelineSummary({
        ...base,
        kind: 'change',
        changes: { project_stage: ['Estimating', 'Bid Submitted'], stage_entered_at: ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'] },
      }),
    ).toBe('Dana Ortiz moved the project from Estimating to Bid Submitted');
    expect(
      timelineSummary({ ...base, kind: 'change', changes: { project_stage: ['Estimating', 'Won'], amount_in_cents: [100, 200], closed_at: [null, 'x'] } }),
    ).toBe('Dana Ortiz moved the project from Estimating to Won and changed the amount');
  });

  it('quotes one changed value: money in dollars, percentages, set and cleared', () => {
    expect(timelineSummary({ ...base, kind: 'change', changes: { amount_in_cents: [120000000, 135000050] } })).toBe(
      'Dana Ortiz changed the amount from $1,200,000 to $1,350,000.5',
    );
    expect(timelineSummary({ ...base, kind: 'change', changes: { amount: [1200000, 1350000.5] } })).toBe(
      'Dana Ortiz changed the amount from $1,200,000 to $1,350,000.5',
    );
    expect(timelineSummary({ ...base, kind: 'change', changes: { probability: [0.4, 0.625] } })).toBe('Dana Ortiz changed the probability from 40% to 62.5%');
    expect(timelineSummary({ ...base, kind: 'change', changes: { bid_due_date: [null, '2026-12-03'] } })).toBe('Dana Ortiz set the bid due date to 2026-12-03');
    expect(timelineSummary({ ...base, kind: 'change', changes: { notes: ['x', null] } })).toBe('Dana Ortiz cleared the notes');
    expect(timelineSummary({ ...base, kind: 'change', changes: { notes: ['short', 'y'.repeat(80)] } })).toBe('Dana Ortiz changed the notes');
  });

  it('says who a record was assigned to', () => {
    expect(timelineSummary({ ...base, subject: 'lead', kind: 'change', changes: { assigned_to: [null, 'Sam Lee'] } })).toBe(
      'Dana Ortiz assigned the lead to Sam Lee',
    );
    expect(timelineSummary({ ...base, subject: 'lead', kind: 'change', changes: { assigned_to: ['Sam Lee', null] } })).toBe('Dana Ortiz unassigned the lead');
  });

  it('lists several changed fields, or the recorded names when the values were not kept', () => {
    expect(timelineSummary({ ...base, kind: 'change', changes: { name: ['a', 'b'], amount_in_cents: [1, 2], bid_due_date: [null, '2026-01-01'] } })).toBe(
      'Dana Ortiz changed the amount, bid due date and name',
    );
    expect(timelineSummary({ ...base, kind: 'change', changedFields: ['market_sector_id', 'probability'] })).toBe(
      'Dana Ortiz changed the market sector and probability',
    );
  });

  it('names creation, imports, comments, calls and tasks, and the system when no one acted', () => {
    expect(timelineSummary({ ...base, kind: 'created' })).toBe('Dana Ortiz created the project');
    expect(timelineSummary({ ...base, kind: 'created', authMethod: 'import' })).toBe('Dana Ortiz imported the project');
    expect(timelineSummary({ ...base, actor: null, kind: 'created' })).toBe('Groundwork created the project');
    expect(timelineSummary({ ...base, kind: 'comment' })).toBe('Dana Ortiz commented');
    expect(timelineSummary({ ...base, kind: 'call', call: { contact: 'Pat Reyes', outcome: 'Left voicemail' } })).toBe(
      'Dana Ortiz logged a call with Pat Reyes (Left voicemail)',
    );
    expect(timelineSummary({ ...base, kind: 'task', task: { title: 'Send addendum 2', deadline: '2026-12-03', done: true } })).toBe(
      'Dana Ortiz added the task “Send addendum 2”, due 2026-12-03 (done)',
    );
    expect(timelineSummary({ ...base, kind: 'document', document: { name: 'A-101 Floor plan.pdf' } })).toBe('Dana Ortiz uploaded “A-101 Floor plan.pdf”');
    expect(timelineSummary({ ...base, kind: 'document', document: null })).toBe('Dana Ortiz uploaded a document');
  });
});

describe('fieldLabel and andList', () => {
  it('reads fields and lists as people would', () => {
    expect(fieldLabel('amount_in_cents')).toBe('amount');
    expect(fieldLabel('project_stage')).toBe('stage');
    expect(andList(['a'])).toBe('a');
    expect(andList(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
