import { describe, expect, it } from 'vitest';
import { RESOURCES, OPERATIONS } from '@/lib/shared/resources';
import { LOOKUPS } from '@/lib/shared/validation/lookups';
import { openApiDocument } from '@/lib/server/openapi/document';
import { routeFiles } from '../routes';

// The resource descriptors (lib/shared/resources.ts) against what exists: every route folder of
// the API is a described resource's collection or record, a lookup's, or a named operation; every
// described resource has its routes; the OpenAPI document files each resource's operations under its paths.

const BASE = '/api/2023-01/';
const templates = routeFiles()
  .map((r) => r.template)
  .filter((t) => t.startsWith(BASE))
  .map((t) => t.slice(BASE.length));

const described = new Map<string, string>();
for (const [key, r] of Object.entries(RESOURCES)) {
  described.set(r.path, key);
  described.set(`${r.path}/{id}`, key);
}
for (const [key, l] of Object.entries(LOOKUPS)) {
  described.set(l.path, key);
  described.set(`${l.path}/{id}`, key);
  if (l.create) described.set(`${l.path}/{id}/merge`, key);
}

describe('resource descriptors', () => {
  it('describe every route of the API, and every described resource has a route', () => {
    const operations = new Set<string>(OPERATIONS);
    expect(templates.filter((t) => !described.has(t) && !operations.has(t))).toEqual([]);
    const paths = new Set(templates);
    expect(
      Object.entries(RESOURCES)
        .filter(([, r]) => !paths.has(r.path))
        .map(([key]) => key),
    ).toEqual([]);
    expect(OPERATIONS.filter((o) => !paths.has(o))).toEqual([]);
  });

  it('give each resource with routes its operations in the OpenAPI document, under its tag', () => {
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { tags?: string[] }>> };
    for (const [key, r] of Object.entries(RESOURCES)) {
      const item = doc.paths[`${BASE}${r.path}`];
      expect(item, `${key}: ${r.path}`).toBeDefined();
      const tags = Object.values(item!).flatMap((op) => op.tags ?? []);
      expect(tags, `${key}: tag`).toContain(r.tag);
    }
  });
});
