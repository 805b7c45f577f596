import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES_FILE, routeModulesSource } from '@/scripts/generate-route-modules';

// The server's prefetch finds every route of the API in app/api/2023-01/route-modules.ts, generated
// from the route folders: a route added without `npm run routes:generate` fails here, not in a page.

describe('the route modules of server renders', () => {
  it('list every route file there is (npm run routes:generate writes them)', () => {
    expect(fs.readFileSync(ROUTE_MODULES_FILE, 'utf8')).toBe(routeModulesSource());
  });
});
