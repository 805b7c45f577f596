import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps paths on this origin, with their query and fragment', () => {
    expect(safeNextPath('/leads?assigned_to_id=3&page=2')).toBe('/leads?assigned_to_id=3&page=2');
    expect(safeNextPath('/projects/12#team')).toBe('/projects/12#team');
    expect(safeNextPath('/')).toBe('/');
  });

  it('sends anything else home', () => {
    for (const bad of [
      undefined,
      null,
      '',
      ['/leads', '/tasks'],
      'https://evil.example/',
      'evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      ' /leads',
      'javascript:alert(1)',
      '/sign-in',
      '/sign-in?next=/leads',
    ]) {
      expect(safeNextPath(bad as string), JSON.stringify(bad)).toBe('/');
    }
  });
});
