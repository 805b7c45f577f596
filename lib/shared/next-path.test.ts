import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps paths on this origin, with their query and fragment', () => {
    expect(safeNextPath('/leads?assigned_to_id=3&page=2')).toBe('/leads?assigned_to_id=3&page=2');
    expect(safeNextPath('/projects/12#team')).toBe('/projects/12#team');
    expect(safeNextPath('/')).toBe('/');
    // Dot segments are resolved; what is left is a path on this origin.
    expect(safeNextPath('/a/../leads')).toBe('/leads');
    expect(safeNextPath('/./projects/1')).toBe('/projects/1');
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
      // Dot segments that resolve to a protocol-relative URL (another host).
      '/.//evil.example/phish',
      '/..//evil.example',
      '/a/..//evil.example',
      '/a/b/../..//evil.example/x?y=1',
      '/./\\evil.example',
      '/%2e//evil.example',
      '/a/%2e%2e//evil.example',
    ]) {
      expect(safeNextPath(bad as string), JSON.stringify(bad)).toBe('/');
    }
  });
});
