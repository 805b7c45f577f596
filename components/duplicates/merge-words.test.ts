import { describe, expect, it } from 'vitest';
import type { MergeCounts } from '@/lib/client/hooks/use-merges';
import { MERGE_COUNT_KINDS } from '@/lib/shared/validation/merges';
import { likelihood, listWords, mayUndo, mergeSentences, mergeTitle, oldestId, reasonWords, recordName } from './merge-words';

const none = Object.fromEntries(MERGE_COUNT_KINDS.map((k) => [k, 0])) as MergeCounts;
const counts = (some: Partial<MergeCounts>): MergeCounts => ({ ...none, ...some });
const stamps = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };

describe('a group of duplicates', () => {
  it('is “Very likely” from 0.9 up, “Likely” below', () => {
    expect(likelihood(1)).toBe('Very likely');
    expect(likelihood(0.9)).toBe('Very likely');
    expect(likelihood(0.89)).toBe('Likely');
    expect(likelihood(0.6)).toBe('Likely');
  });

  it('gives its reasons in plain words', () => {
    expect(reasonWords('same website domain')).toBe('Same website');
    expect(reasonWords('names 0.91 alike')).toBe('Names 91% alike');
    expect(reasonWords('names 1 alike')).toBe('Names 100% alike');
    expect(reasonWords('same phone')).toBe('Same phone number');
    expect(reasonWords('same email')).toBe('Same email address');
    expect(reasonWords('same name in the same company')).toBe('Same name at the same company');
    expect(reasonWords('same fax')).toBe('Same fax');
  });

  it('keeps the oldest record unless told otherwise (the lower id on a tie)', () => {
    expect(
      oldestId([
        { id: '9', created_at: '2026-03-01T00:00:00Z' },
        { id: '4', created_at: '2026-02-01T00:00:00Z' },
      ]),
    ).toBe('4');
    expect(
      oldestId([
        { id: '12', ...stamps },
        { id: '3', ...stamps },
      ]),
    ).toBe('3');
    expect(oldestId([])).toBe('');
  });

  it('names a contact by name, else by email', () => {
    expect(recordName({ id: '1', name: 'Harbor Point Construction', website: null, ...stamps })).toBe('Harbor Point Construction');
    expect(recordName({ id: '2', name: null, first_name: null, last_name: null, email: 'jo@harbor.example', ...stamps })).toBe('jo@harbor.example');
    expect(recordName({ id: '3', name: null })).toBe('#3');
  });
});

describe('a merge', () => {
  it('joins lists with commas and “and”', () => {
    expect(listWords([])).toBe('');
    expect(listWords(['a'])).toBe('a');
    expect(listWords(['a', 'b'])).toBe('a and b');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('says what moves to the record kept, one and many', () => {
    expect(mergeSentences(counts({ contacts: 3, projects: 2, calls: 1 }), 'Harbor Point Construction', ['Harbor Point Constr.'])).toEqual([
      '3 contacts, 2 projects and 1 call will move to Harbor Point Construction.',
    ]);
    expect(mergeSentences(counts({ bid_results: 1, import_rows: 2, emails: 1 }), 'Harbor', ['HPC'])).toEqual([
      '1 bid result, 1 email and 2 rows of past imports will move to Harbor.',
    ]);
  });

  it('says when nothing moves, what the record kept takes besides, and the names it will also be known by', () => {
    expect(mergeSentences(counts({ memberships: 2, custom_field_values: 1, aliases: 2 }), 'Harbor', ['HPC', 'H.P.C.'])).toEqual([
      'Nothing is linked to HPC and H.P.C., so no other record moves to Harbor.',
      'Harbor also takes 2 industries and 1 custom field value.',
      'Harbor will show HPC and H.P.C. under “Also known as”, so a later import finds it instead of adding it again.',
    ]);
  });

  it('reads in the history as who went into whom', () => {
    expect(
      mergeTitle({
        sources: [
          { id: '2', name: 'HPC' },
          { id: '3', name: null },
        ],
        target: { id: '1', name: 'Harbor', website: null, ...stamps },
      }),
    ).toBe('HPC and #3 merged into Harbor');
  });

  it('offers Undo until its 24 hours are over, and not once undone', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(mayUndo({ undone_at: null, undo_until: '2026-11-30T11:00:00Z' }, now)).toBe(true);
    expect(mayUndo({ undone_at: null, undo_until: '2026-11-29T11:59:00Z' }, now)).toBe(false);
    expect(mayUndo({ undone_at: '2026-11-29T11:00:00Z', undo_until: null }, now)).toBe(false);
  });
});
