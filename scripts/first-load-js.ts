import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

// npx tsx scripts/first-load-js.ts — after `npm run build`: the first-load JavaScript of every page,
// gzip, which `next build` with Turbopack no longer prints. A page's first load is the root main
// chunks plus the entry chunks of each segment (layouts and page) from its client reference
// manifest; polyfills are left out (only browsers without ES modules load them), as Next did.

const next = path.resolve('.next');
const buildManifest = JSON.parse(fs.readFileSync(path.join(next, 'build-manifest.json'), 'utf8')) as { rootMainFiles?: string[] };
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(next, file))).length;

function manifests(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) manifests(p, out);
    else if (entry.name === 'page_client-reference-manifest.js') out.push(p);
  }
  return out;
}

const rows: [string, number][] = [];
for (const file of manifests(path.join(next, 'server/app'))) {
  // The manifest is a script assigning globalThis.__RSC_MANIFEST; run it in a context of its own.
  const context: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), context);
  for (const [route, manifest] of Object.entries(context.__RSC_MANIFEST ?? {})) {
    if (route.startsWith('/api/')) continue;
    const files = new Set((buildManifest.rootMainFiles ?? []).map((f) => f.replace(/^\/?_next\//, '')));
    for (const list of Object.values(manifest.entryJSFiles ?? {})) for (const f of list) files.add(f);
    rows.push([route.replace(/\/page$/, '') || '/', [...files].reduce((n, f) => n + gzipSize(f), 0)]);
  }
}
for (const [route, bytes] of rows.sort()) console.log(`${route.padEnd(36)} ${(bytes / 1024).toFixed(1).padStart(6)} kB`);
