// Text helpers shared by the server (lookup labels) and the dashboard.

/** An enum value for people: `new_construction` → "New construction". */
export function humanize(value: string): string {
  return value.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

const MB = 1024 * 1024;

/** A byte count for people: 812 bytes, 4.2 KB, 25 MB, 1.5 GB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${Number((bytes / (1024 * MB)).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
