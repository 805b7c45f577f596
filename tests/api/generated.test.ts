import { describe, expect, it } from 'vitest';
import { generatedFiles, readGenerated } from '@/scripts/generate';

// The tables generated from the folders (the routes the dashboard's server render calls, the
// OpenAPI paths, the database schema's index): one added without `npm run generate` fails here, not
// in a page, a document or a migration.

describe('the generated tables', () => {
  for (const { file, source } of generatedFiles()) {
    it(`${file} lists what its folder holds (npm run generate writes it)`, () => {
      expect(readGenerated(file)).toBe(source);
    });
  }
});
