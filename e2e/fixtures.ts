import fs from 'node:fs';
import { test as base } from '@playwright/test';

// The token the web server command minted for the demo admin.
export const test = base.extend<{ token: string }>({
  token: async ({}, use) => use(fs.readFileSync('.data/e2e/token', 'utf8').trim()),
});
export { expect } from '@playwright/test';
