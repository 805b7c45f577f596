// postinstall: fixes three ways postgres@3.4.9 loses track of a connection that PostgreSQL closed
// (a restart, a failover, a terminated backend, a pooler dropping the client). Each left a request
// hanging or crashed the process; tests/faults/pg-restart.test.ts and
// tests/faults/transaction-close.test.ts reproduce them. None is in a release yet.
//
// 1. nextWrite: small writes are batched with setImmediate; when the server closed the connection
//    before it fires, `socket.write` on null throws from a timer and kills the process
//    (porsager/postgres#1154, #1208). The guard settles the pending queries with CONNECTION_CLOSED.
// 2. closed(): the connection object is reused for the next queued query, but it kept the dead
//    backend's pending bytes, its write timer (so the next startup message was never flushed and the
//    connection timed out on every reconnect), its active query and its FATAL error (handed to the
//    next caller). It now forgets them, after rejecting what was still waiting on it.
// 3. sql.begin(): when its connection closed, begin() rejected but the callback kept running, and
//    its next statements, COMMIT or ROLLBACK were sent on the reconnected connection, which may serve
//    another caller by then: they hung forever, or ran outside the transaction (porsager/postgres#1186,
//    #1216). The transaction now remembers the close and rejects its queued and later statements.
//
// Idempotent; a file whose text no longer matches (a fixed release) is left as is, with a warning.
import fs from 'node:fs';
import path from 'node:path';

const MARK = '// groundwork: patched, see scripts/patch-postgres.mjs';
const root = path.resolve(import.meta.dirname, '..', 'node_modules', 'postgres');

const patches = [
  {
    file: 'connection.js',
    name: 'nextWrite guard',
    from: `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`,
    to: `  function nextWrite(fn) {
    if (!socket) { ${MARK}
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`,
  },
  {
    file: 'connection.js',
    name: 'closed() forgets the dead backend',
    from: `    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))
    closedTime = performance.now()`,
    to: `    ;(query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket)) ${MARK}
    query = errorResponse = chunk = nextWriteTimer = null
    result = new Result()
    closedTime = performance.now()`,
  },
  {
    file: 'index.js',
    name: 'begin() remembers its connection closed',
    from: `      , prepare = null

    try {
      await sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute }).execute()
      return await Promise.race([
        scope(connection, fn),
        new Promise((_, reject) => connection.onclose = reject)
      ])`,
    to: `      , prepare = null
      , closedError = null ${MARK}

    try {
      await sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute }).execute()
      return await Promise.race([
        scope(connection, fn),
        new Promise((_, reject) => connection.onclose = (e) => {
          closedError = e || Errors.connection('CONNECTION_CLOSED', options)
          while (queries.length)
            queries.shift().reject(closedError)
          reject(closedError)
        })
      ])`,
  },
  {
    file: 'index.js',
    name: 'a closed transaction refuses statements',
    from: `      function handler(q) {
        q.catch(e => uncaughtError || (uncaughtError = e))
        c.queue === full`,
    to: `      function handler(q) {
        q.catch(e => uncaughtError || (uncaughtError = e))
        if (closedError) ${MARK}
          return q.reject(closedError)
        c.queue === full`,
  },
];

let applied = 0;
for (const dir of ['src', 'cjs/src']) {
  const texts = new Map();
  for (const patch of patches) {
    const full = path.join(root, dir, patch.file);
    if (!fs.existsSync(full)) continue;
    const text = texts.get(full) ?? fs.readFileSync(full, 'utf8');
    if (text.includes(patch.to)) {
      texts.set(full, text);
      continue;
    }
    if (!text.includes(patch.from)) {
      console.warn(`patch-postgres: ${dir}/${patch.file} does not hold the code of "${patch.name}" (a fixed release?); left as is`);
      texts.set(full, text);
      continue;
    }
    texts.set(full, text.replace(patch.from, patch.to));
    applied += 1;
  }
  for (const [full, text] of texts) fs.writeFileSync(full, text);
}
if (applied) console.log(`patch-postgres: applied ${applied} patch(es)`);
