// After `next build`: the standalone server (.next/standalone/server.js) serves .next/static and
// public/ only if they are copied beside it; Next leaves that to the deployment (a CDN may serve
// them instead). Copying them here makes `node .next/standalone/server.js` a complete app.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const standalone = path.join(root, '.next', 'standalone');
if (!fs.existsSync(path.join(standalone, 'server.js'))) {
  console.error('standalone-assets: .next/standalone/server.js is missing; run `next build` with output: "standalone"');
  process.exit(1);
}
for (const dir of ['.next/static', 'public']) {
  const from = path.join(root, dir);
  if (!fs.existsSync(from)) continue;
  const to = path.join(standalone, dir);
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}
console.log('standalone-assets: copied .next/static and public/ into .next/standalone');
