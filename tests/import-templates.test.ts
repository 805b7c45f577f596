import { describe, expect, it } from 'vitest';
import { templateCsv, templateLabel } from '@/lib/client/import-templates';
import { IMPORT_FIELDS, IMPORTABLE } from '@/lib/shared/import-fields';
import { detectMapping, normaliseHeader } from '@/lib/server/imports/fields';
import { IMPORT_SPECS } from '@/lib/server/imports/resources';

// The import fields (lib/shared/import-fields.ts): the importer's, the dashboard's mapping form's and
// the templates'.
describe('import templates', () => {
  it('is the importer’s list for every importable resource', () => {
    expect(Object.keys(IMPORT_SPECS).sort()).toEqual([...IMPORTABLE].sort());
    for (const resource of IMPORTABLE) expect(IMPORT_SPECS[resource]!.fields).toBe(IMPORT_FIELDS[resource]);
  });

  it('never gives two fields of a resource the same column name (the first would take the other’s column)', () => {
    for (const resource of IMPORTABLE) {
      const owner = new Map<string, string>();
      const clashes: string[] = [];
      for (const f of IMPORT_FIELDS[resource]) {
        for (const alias of new Set([f.field, ...f.labels].map(normaliseHeader))) {
          const other = owner.get(alias);
          if (other && other !== f.field) clashes.push(`${resource}: "${alias}" names ${other} and ${f.field}`);
          owner.set(alias, f.field);
        }
      }
      expect(clashes).toEqual([]);
    }
  });

  it('have a header row the importer maps back to the fields', () => {
    for (const resource of IMPORTABLE) {
      const headers = templateCsv(resource).trim().split(',');
      const { mapping } = detectMapping(headers, IMPORT_SPECS[resource]!.fields);
      const expected = Object.fromEntries(
        IMPORT_FIELDS[resource].flatMap((f) => {
          const label = templateLabel(f);
          return label ? [[label, f.field]] : [];
        }),
      );
      expect(mapping).toEqual(expected);
    }
  });
});

describe('a file’s own column names', () => {
  it('map “Project #” and “Job #” to the project number, beside a project name column', () => {
    const { mapping } = detectMapping(['Job Name', 'Project #', 'Amount'], IMPORT_SPECS.projects!.fields);
    expect(mapping).toEqual({ 'Job Name': 'name', 'Project #': 'project_number', Amount: 'amount' });
    expect(detectMapping(['Project', 'Job #'], IMPORT_SPECS.projects!.fields).mapping).toEqual({ Project: 'name', 'Job #': 'project_number' });
  });
});
