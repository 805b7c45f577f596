// postinstall: guards postgres.js's nextWrite against a socket that closed in the meantime.
//
// postgres@3.4.9 batches small writes with setImmediate; when the server closes the connection
// before that fires (a PostgreSQL restart, a terminated backend, a pooler dropping the client),
// nextWrite calls `socket.write` on null and the TypeError, thrown from a timer, kills the process
// (porsager/postgres#1154, #1208; fix proposed in #1209, unreleased). tests/faults/pg-restart.test.ts
// reproduces it. The guard settles the pending queries with CONNECTION_CLOSED instead, which the API
// answers as a 503. Idempotent; a no-op once a release carries a guard of its own.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', 'node_modules', 'postgres');
const original = `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`;
const guarded = `  function nextWrite(fn) {
    if (!socket) { // groundwork: patched, see scripts/patch-postgres.mjs
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`;

let patched = 0;
for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
  const full = path.join(root, file);
  if (!fs.existsSync(full)) continue;
  const text = fs.readFileSync(full, 'utf8');
  if (text.includes('groundwork: patched')) continue;
  if (!text.includes(original)) {
    console.warn(`patch-postgres: ${file} has no unguarded nextWrite (a fixed release?); left as is`);
    continue;
  }
  fs.writeFileSync(full, text.replace(original, guarded));
  patched += 1;
}
if (patched) console.log(`patch-postgres: guarded nextWrite in ${patched} file(s)`);
