import fs from 'node:fs';
import { test as base } from '@playwright/test';

// Every journey fails on a Content-Security-Policy violation: the page's own code must run under
// the policy proxy.ts sends (Chromium reports a violation as a console error "Refused to …" and as
// a `securitypolicyviolation` event).
export const test = base.extend<{ token: string; cspViolations: string[] }>({
  token: async ({}, use) => use(fs.readFileSync('.data/e2e/token', 'utf8').trim()),
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Refused to')) violations.push(message.text());
      });
      await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __reportCspViolation?: (t: string) => void }).__reportCspViolation;
          report?.(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      await use(violations);
      if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
    },
    { auto: true },
  ],
});
export { expect } from '@playwright/test';
