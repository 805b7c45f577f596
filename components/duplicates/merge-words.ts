import type { DuplicateRecord, Merge, MergeCounts } from '@/lib/client/hooks/use-merges';
import type { MergeResource } from '@/lib/shared/validation/enums';

// Duplicates and merges in plain words: how sure a match is, why, what a merge moves, and the
// merge as the history tells it.

/** At or above this score a group reads "Very likely"; below, "Likely". */
export const VERY_LIKELY = 0.9;

export const likelihood = (score: number) => (score >= VERY_LIKELY ? 'Very likely' : 'Likely');

/** One of the API's reasons ("same website domain", "names 0.91 alike") as a person says it. */
export function reasonWords(reason: string): string {
  const alike = /^names (\d+(?:\.\d+)?) alike$/.exec(reason);
  if (alike) return `Names ${Math.round(Number(alike[1]) * 100)}% alike`;
  const known: Record<string, string> = {
    'same website domain': 'Same website',
    'same phone': 'Same phone number',
    'same email': 'Same email address',
    'same name in the same company': 'Same name at the same company',
  };
  return known[reason] ?? reason.charAt(0).toUpperCase() + reason.slice(1);
}

/** "a", "a and b", "a, b and c". */
export function listWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The records a merge moves to the one kept, by kind, in the order people think of them. */
const MOVED: readonly [keyof MergeCounts, string, string][] = [
  ['contacts', 'contact', 'contacts'],
  ['leads', 'lead', 'leads'],
  ['projects', 'project', 'projects'],
  ['bid_results', 'bid result', 'bid results'],
  ['calls', 'call', 'calls'],
  ['tasks', 'task', 'tasks'],
  ['comments', 'comment', 'comments'],
  ['reminders', 'reminder', 'reminders'],
  ['documents', 'document', 'documents'],
  ['emails', 'email', 'emails'],
  ['import_rows', 'row of a past import', 'rows of past imports'],
];

/** What the kept record takes besides: a company's industries, custom field values it had none of. */
const TAKEN: readonly [keyof MergeCounts, string, string][] = [
  ['memberships', 'industry', 'industries'],
  ['custom_field_values', 'custom field value', 'custom field values'],
];

const nonZero = (counts: MergeCounts, kinds: typeof MOVED) => kinds.filter(([k]) => counts[k] > 0).map(([k, one, many]) => count(counts[k], one, many));

/**
 * A merge's counts as sentences: "3 contacts, 2 projects and 1 call will move to Harbor Point
 * Construction.", what it takes besides, and the names it will also be known by.
 */
export function mergeSentences(counts: MergeCounts, targetName: string, sourceNames: readonly string[]): string[] {
  const moved = nonZero(counts, MOVED);
  const taken = nonZero(counts, TAKEN);
  const sources = listWords(sourceNames);
  return [
    moved.length ? `${listWords(moved)} will move to ${targetName}.` : `Nothing is linked to ${sources}, so no other record moves to ${targetName}.`,
    ...(taken.length ? [`${targetName} also takes ${listWords(taken)}.`] : []),
    ...(counts.aliases > 0 ? [`${targetName} will show ${sources} under “Also known as”, so a later import finds it instead of adding it again.`] : []),
  ];
}

/** A company's name; a contact's name, else their email. */
export function recordName(record: DuplicateRecord | Merge['target'] | { id: string; name: string | null }): string {
  if (record.name) return record.name;
  if ('email' in record && record.email) return record.email;
  return `#${record.id}`;
}

/** The record a merge keeps unless the person picks another: the oldest (the first added, by id on a tie). */
export function oldestId(records: readonly Pick<DuplicateRecord, 'id' | 'created_at'>[]): string {
  const [oldest] = [...records].sort((a, b) => a.created_at.localeCompare(b.created_at) || Number(a.id) - Number(b.id));
  return oldest?.id ?? '';
}

/** "Harbor Point Constr. merged into Harbor Point Construction". */
export const mergeTitle = (merge: Pick<Merge, 'sources' | 'target'>) => `${listWords(merge.sources.map(recordName))} merged into ${recordName(merge.target)}`;

/** Whether the history still offers Undo: not undone, and its 24 hours not over. */
export const mayUndo = (merge: Pick<Merge, 'undone_at' | 'undo_until'>, now: Date = new Date()) =>
  merge.undone_at === null && merge.undo_until !== null && new Date(merge.undo_until).getTime() > now.getTime();

export const RESOURCE_WORDS: Record<MergeResource, { one: string; many: string; title: string }> = {
  companies: { one: 'company', many: 'companies', title: 'Companies' },
  contacts: { one: 'contact', many: 'contacts', title: 'Contacts' },
};
