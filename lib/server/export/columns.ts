import type { z } from 'zod';

// The columns of a list's export, read off the resource's response schema (so every field is a
// column, present whether or not the first row has it): scalars as they are; a reference (an object
// with an `id`) as `<field>_id`, `<field>_name` and, when it has one, `<field>_email`; an object
// without an id (the address) as `<field>_<part>`; a list as its values, or its references' names,
// joined with "; ". docs/api.md#exports.

export type Cell = string | number | boolean | null;

export interface Column {
  header: string;
  value: (record: Record<string, unknown>) => Cell;
}

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; in?: z.ZodType };

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under nullable, optional, default and pipes. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const def = defOf(s);
    if ((def.type === 'nullable' || def.type === 'optional' || def.type === 'default' || def.type === 'readonly') && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else return s;
  }
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.shape ? def.shape : null;
}

const SEPARATOR = '; ';

function scalar(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** A reference's display name: its name, else its first and last names. */
function nameOf(ref: Record<string, unknown>): string | null {
  if (typeof ref.name === 'string' && ref.name !== '') return ref.name;
  const first = ref.preferred_first_name ?? ref.first_name ?? ref.legal_first_name;
  const parts = [first, ref.last_name].filter((p): p is string => typeof p === 'string' && p !== '');
  return parts.length ? parts.join(' ') : null;
}

const asRecord = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

function columnsOfShape(shape: Record<string, z.ZodType>, prefix: string, get: (r: Record<string, unknown>) => Record<string, unknown> | null): Column[] {
  const out: Column[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const header = prefix + key;
    const read = (r: Record<string, unknown>) => get(r)?.[key];
    const inner = unwrap(field);
    const def = defOf(inner);
    const nested = shapeOf(inner);
    if (nested && 'id' in nested) {
      out.push({ header: `${header}_id`, value: (r) => scalar(asRecord(read(r))?.id) });
      out.push({
        header: `${header}_name`,
        value: (r) => {
          const ref = asRecord(read(r));
          return ref ? nameOf(ref) : null;
        },
      });
      if ('email' in nested) out.push({ header: `${header}_email`, value: (r) => scalar(asRecord(read(r))?.email) });
    } else if (nested) {
      out.push(...columnsOfShape(nested, `${header}_`, (r) => asRecord(read(r))));
    } else if (def.type === 'array') {
      const element = def.element ? shapeOf(def.element) : null;
      out.push({
        header: element && 'id' in element ? `${header}_names` : header,
        value: (r) => {
          const list = read(r);
          if (!Array.isArray(list)) return null;
          const parts = list.map((v) => {
            const ref = asRecord(v);
            return ref ? (nameOf(ref) ?? String(ref.id ?? JSON.stringify(ref))) : String(v);
          });
          return parts.join(SEPARATOR);
        },
      });
    } else {
      out.push({ header, value: (r) => scalar(read(r)) });
    }
  }
  return out;
}

/** The export columns of a response schema (an object schema). */
export function exportColumns(schema: z.ZodType): Column[] {
  const shape = shapeOf(schema);
  if (!shape) throw new Error('exportColumns: not an object schema');
  return columnsOfShape(shape, '', (r) => r);
}

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe (OWASP's CSV injection advice); numbers stay numbers.
 */
export function neutralise(cell: Cell): Cell {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
