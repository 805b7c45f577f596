// How a spreadsheet's columns become a resource's fields (docs/imports.md): which columns are which
// field (by snake_case name or human label, case, spaces and punctuation ignored), and how a cell's
// text becomes a value (money, dates, booleans, numbers), or the reason it cannot.

import type { ImportField } from '@/lib/shared/import-fields';
import { YEARS } from '@/lib/shared/validation/common';

/** A column name as the mapping compares it: any case, punctuation and spaces ignored, `#` read as "number" (Project # is Project Number). */
export const normaliseHeader = (text: string) =>
  text
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]/g, '');

/** Column index → field, from the headers (first match wins) and the override (column name → field, or "" to skip). */
export function detectMapping(
  headers: string[],
  fields: ImportField[],
  override: Record<string, string> = {},
): { mapping: Record<string, string>; unknown: string[] } {
  const byAlias = new Map<string, string>();
  for (const f of fields) for (const alias of [f.field, ...f.labels]) if (!byAlias.has(normaliseHeader(alias))) byAlias.set(normaliseHeader(alias), f.field);
  const known = new Set(fields.map((f) => f.field));
  const mapping: Record<string, string> = {};
  const unknown: string[] = [];
  const taken = new Set<string>();
  for (const header of headers) {
    if (header in override) {
      const field = override[header]!;
      if (field === '') continue;
      if (!known.has(field)) unknown.push(field);
      mapping[header] = field;
      taken.add(field);
      continue;
    }
    const field = byAlias.get(normaliseHeader(header));
    if (field && !taken.has(field)) {
      mapping[header] = field;
      taken.add(field);
    }
  }
  return { mapping, unknown };
}

export type Parsed = { value: unknown } | { error: string };

const MONEY = /^\(?-?\$?\s*-?[0-9][0-9,]*(\.[0-9]{1,2})?\)?$/;

/** `$1,250,000.00`, `1250000`, `(1,200.50)`: cents. */
export function parseMoney(text: string): Parsed {
  const t = text.trim();
  if (!MONEY.test(t)) return { error: `is not an amount of money ("${text}")` };
  const negative = t.includes('-') || (t.startsWith('(') && t.endsWith(')'));
  const digits = t.replace(/[()$,\s-]/g, '');
  const [whole, fraction = ''] = digits.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return { error: `is too large ("${text}")` };
  return { value: negative ? -cents : cents };
}

/** `2027-03-15` or `3/15/2027` (US month first): `YYYY-MM-DD`, checked to be a real day. */
export function parseDate(text: string): Parsed {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  let [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m) {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
    if (!m) return { error: `is not a date (YYYY-MM-DD or MM/DD/YYYY: "${text}")` };
    [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  if (y < YEARS.min || y > YEARS.max) return { error: `is not a date from ${YEARS.min} to ${YEARS.max} ("${text}")` };
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return { error: `is not a date ("${text}")` };
  return { value: date.toISOString().slice(0, 10) };
}

const TRUE = new Set(['yes', 'y', 'true', 't', '1']);
const FALSE = new Set(['no', 'n', 'false', 'f', '0']);

export function parseBoolean(text: string): Parsed {
  const t = text.trim().toLowerCase();
  if (TRUE.has(t)) return { value: true };
  if (FALSE.has(t)) return { value: false };
  return { error: `is not yes/no, true/false or 1/0 ("${text}")` };
}

/** `35%`, `35` (a percent above 1) or `0.35`: a probability from 0 to 1. */
export function parseProbability(text: string): Parsed {
  const t = text.trim();
  const m = /^(\d+(?:\.\d+)?)\s*(%?)$/.exec(t);
  if (!m) return { error: `is not a probability (35%, 35 or 0.35: "${text}")` };
  const n = Number(m[1]);
  const value = m[2] === '%' || n > 1 ? n / 100 : n;
  if (value > 1) return { error: `is over 100% ("${text}")` };
  return { value: Number(value.toFixed(4)) };
}

export function parseInteger(text: string): Parsed {
  const t = text.trim().replace(/,/g, '');
  if (!/^-?\d+(\.0+)?$/.test(t)) return { error: `is not a whole number ("${text}")` };
  return { value: Number.parseInt(t, 10) };
}

/**
 * A cell's value for its field: undefined for an empty cell (no value: null on create, unchanged
 * on update). A leading apostrophe that an export added against CSV injection is taken off.
 */
export function parseCell(field: ImportField, raw: string): Parsed | undefined {
  let text = raw.trim();
  if (text === '') return undefined;
  if (/^'[=+\-@]/.test(text)) text = text.slice(1);
  switch (field.type) {
    case 'money':
      return parseMoney(text);
    case 'dollars': {
      const cents = parseMoney(text);
      return 'error' in cents ? cents : { value: (cents.value as number) / 100 };
    }
    case 'probability':
      return parseProbability(text);
    case 'date':
      return parseDate(text);
    case 'boolean':
      return parseBoolean(text);
    case 'integer':
      return parseInteger(text);
    case 'number': {
      const n = Number(text.replace(/,/g, ''));
      return Number.isFinite(n) ? { value: n } : { error: `is not a number ("${text}")` };
    }
    case 'option':
      return optionOf(field, text);
    case 'options': {
      const parsed = text
        .split(/[;,]/)
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => optionOf(field, t));
      const bad = parsed.find((p) => 'error' in p);
      return bad ?? { value: parsed.map((p) => (p as { value: unknown }).value) };
    }
    case 'enum': {
      const wanted = text.toLowerCase().replace(/[\s-]+/g, '_');
      const value = field.values?.find((v) => v === wanted);
      return value ? { value } : { error: `must be one of ${field.values?.join(', ')} ("${text}")` };
    }
    default:
      return { value: text };
  }
}

function optionOf(field: ImportField, text: string): Parsed {
  const wanted = text.toLowerCase();
  const option = field.options?.find((o) => o.value.toLowerCase() === wanted || o.label.toLowerCase() === wanted);
  return option ? { value: option.value } : { error: `must be one of ${field.options?.map((o) => o.value).join(', ')} ("${text}")` };
}
