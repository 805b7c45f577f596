// Text helpers shared by the server (lookup labels) and the dashboard.

/** An enum value for people: `new_construction` → "New construction". */
export function humanize(value: string): string {
  return value.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}
