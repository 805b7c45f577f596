import { describe, expect, it } from 'vitest';
import {
  customFieldInputErrors,
  customFieldInputs,
  customFieldsChange,
  customFieldsPayload,
  formatCustomValue,
  type FieldDefinition,
} from './custom-field-values';

const field = (key: string, field_type: FieldDefinition['field_type'], extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key,
  label: key,
  field_type,
  options: [],
  required: false,
  ...extra,
});

const FIELDS = [
  field('bond', 'currency'),
  field('floors', 'number'),
  field('union', 'boolean'),
  field('tier', 'select', {
    options: [
      { value: 'a', label: 'Tier A' },
      { value: 'b', label: 'Tier B' },
    ],
  }),
  field('trades', 'multi_select', {
    options: [
      { value: 'elec', label: 'Electrical' },
      { value: 'mech', label: 'Mechanical' },
    ],
  }),
  field('visit', 'date'),
  field('owner', 'user'),
];

describe('custom field inputs and payloads', () => {
  const stored = { bond: 250_050, floors: 4, union: false, tier: 'b', trades: ['mech'], visit: '2027-03-01', owner: '7', old_key: 'x', retired: 3 };

  it('turns stored values into inputs and back, keeping the values the form does not edit', () => {
    const inputs = customFieldInputs(FIELDS, stored);
    expect(inputs).toEqual({ bond: '2500.50', floors: '4', union: false, tier: 'b', trades: ['mech'], visit: '2027-03-01', owner: '7' });
    expect(customFieldsPayload(FIELDS, inputs, stored)).toEqual(stored);
  });

  it('sends blanks as null, dollars as cents, numbers as numbers', () => {
    const inputs = { bond: '1,000', floors: '2.5', union: false, tier: '', trades: [], visit: '', owner: '' };
    expect(customFieldsPayload(FIELDS, inputs, { old_key: 'x' })).toEqual({
      old_key: 'x',
      bond: 100_000,
      floors: 2.5,
      union: null,
      tier: null,
      trades: null,
      visit: null,
      owner: null,
    });
  });

  it('leaves custom_fields out of an edit that changed none, and of a resource without fields', () => {
    expect(customFieldsChange(FIELDS, customFieldInputs(FIELDS, stored), stored)).toBeUndefined();
    expect(customFieldsChange([], {}, stored)).toBeUndefined();
    expect(customFieldsChange(FIELDS, { ...customFieldInputs(FIELDS, stored), tier: 'a' }, stored)).toMatchObject({ tier: 'a', old_key: 'x' });
    expect(customFieldsChange(FIELDS, customFieldInputs(FIELDS, null), null)).toMatchObject({ bond: null, union: null });
  });

  it('says which typed numbers and amounts are not', () => {
    expect(customFieldInputErrors(FIELDS, { bond: '12.345', floors: 'four' })).toEqual({
      'custom_fields.bond': 'Enter dollars, like 1,250,000 or 19.99.',
      'custom_fields.floors': 'Enter a number, like 12 or 3.5.',
    });
  });

  it('formats values for tables', () => {
    const [bond, floors, union, tier, trades, visit, owner] = FIELDS;
    expect(formatCustomValue(bond!, 250_000)).toBe('$2,500');
    expect(formatCustomValue(floors!, 1200.5)).toBe('1,200.5');
    expect(formatCustomValue(union!, true)).toBe('Yes');
    expect(formatCustomValue(union!, false)).toBe('No');
    expect(formatCustomValue(tier!, 'b')).toBe('Tier B');
    expect(formatCustomValue(trades!, ['elec', 'gone'])).toBe('Electrical, gone');
    expect(formatCustomValue(visit!, '2027-03-01')).toBe('Mar 1, 2027');
    expect(formatCustomValue(owner!, '7', (id) => (id === '7' ? 'Dana Ruiz' : undefined))).toBe('Dana Ruiz');
    expect(formatCustomValue(owner!, '8')).toBe('User 8');
    expect(formatCustomValue(tier!, null)).toBe('—');
  });
});
