import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, IMPORTABLE, templateCsv } from '@/lib/client/import-templates';
import { detectMapping } from '@/lib/server/imports/fields';
import { IMPORT_SPECS } from '@/lib/server/imports/resources';

// The dashboard's list of import fields (lib/client/import-templates.ts) is the importer's.
describe('import templates', () => {
  it('offer every field the importer takes, and only those, for each importable resource', () => {
    const importable = Object.keys(IMPORT_SPECS).sort();
    expect([...IMPORTABLE].sort()).toEqual(importable);
    for (const resource of IMPORTABLE) {
      expect(IMPORT_FIELDS[resource].map((f) => f.field)).toEqual(IMPORT_SPECS[resource]!.fields.map((f) => f.field));
    }
  });

  it('have a header row the importer maps back to the fields', () => {
    for (const resource of IMPORTABLE) {
      const headers = templateCsv(resource).trim().split(',');
      const { mapping } = detectMapping(headers, IMPORT_SPECS[resource]!.fields);
      const expected = Object.fromEntries(IMPORT_FIELDS[resource].flatMap((f) => (f.label ? [[f.label, f.field]] : [])));
      expect(mapping).toEqual(expected);
    }
  });
});
