// What an update changed, for a record's timeline (docs/collaboration.md#timeline): each changed
// field by its API name, as [before, after] taken from the record as its GET answered it before and
// after the write — a relation by its record's name ("Estimating", "Dana Ortiz"), a list of
// relations by their names, anything else as the API gives it.

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A value as a person reads it: a reference by its name, a list of them by their names. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value === null || typeof value !== 'object') return value ?? null;
  const o = value as Record<string, unknown>;
  if (typeof o.name === 'string') return o.name;
  if ('first_name' in o || 'last_name' in o) return [o.first_name, o.last_name].filter(Boolean).join(' ') || (o.email ?? null);
  return value;
}

/** The API field a changed column shows as: `projectStageId` → `project_stage`, `amountInCents` → `amount` (dollars). */
function fieldOf(column: string, record: Record<string, unknown>): string | null {
  const name = snake(column);
  if (name in record) return name;
  if (name.endsWith('_in_cents') && name.slice(0, -9) in record) return name.slice(0, -9);
  if (name.endsWith('_id') && name.slice(0, -3) in record) return name.slice(0, -3);
  if (name.endsWith('_ids') && `${name.slice(0, -4)}s` in record) return `${name.slice(0, -4)}s`;
  return null;
}

/** `{field: [before, after]}` for the changed columns (camelCase keys) the answers show; null when none does. */
export function fieldChanges(changed: Record<string, unknown>, before: object, after: object): Record<string, [unknown, unknown]> | null {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const out: Record<string, [unknown, unknown]> = {};
  for (const column of Object.keys(changed)) {
    const field = fieldOf(column, a);
    if (field && field !== 'updated_at') out[field] = [plain(b[field]), plain(a[field])];
  }
  return Object.keys(out).length > 0 ? out : null;
}
