import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

// PostgreSQL's wire protocol on 127.0.0.1 for an embedded PGlite, so that another process (the
// npm scripts) can use the database a running dev server has open: a PGlite folder is opened by
// one process at a time.
//
// Not @electric-sql/pglite-socket: its queue keeps its own clients apart but runs each message
// under PGlite's query lock only, which the statements inside one of the app's transactions also
// take one by one, so a script's statement could run inside the app's transaction (and the app's
// inside the script's); and its peer dependencies pin an older PGlite and seven extensions.
//
// PGlite is one session. The app's queries and transactions take PGlite's transaction lock; a
// client here takes that lock from its first message until PGlite is idle again (ReadyForQuery
// with status I), so neither side's statements land inside the other's transaction. A client that
// keeps it longer than `idleMs` between messages is disconnected and its work rolled back, so the
// app never waits on it for long. Clients connect with a password and must leave no session state
// behind: no named prepared statements (postgres.js `prepare: false`), no SET.

const SSL_REQUEST = 80877103;
const PROTOCOL_3 = 196608;
const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
const PASSWORD_MESSAGE = 0x70; // 'p'

/** AuthenticationCleartextPassword: the client answers with the password. */
const ASK_PASSWORD = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const simpleQuery = (sql: string) => message('Q', Buffer.from(`${sql}\0`));

function fatal(code: string, text: string): Buffer {
  return message('E', Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${text}\0\0`));
}

/** Whether PGlite's answer ends with ReadyForQuery 'I': no transaction and no exchange left open. */
function endsIdle(out: Buffer): boolean {
  let at = 0;
  let last = -1;
  while (at + 5 <= out.length) {
    last = at;
    at += 1 + out.readInt32BE(at + 1);
  }
  return last >= 0 && out[last] === READY_FOR_QUERY && out[last + 5] === IDLE;
}

/** Holds PGlite's transaction lock until the returned function is called. */
function lock(pg: PGlite): Promise<() => void> {
  return new Promise((resolve) => {
    void pg._runExclusiveTransaction(() => new Promise<void>((release) => resolve(release)));
  });
}

async function exec(pg: PGlite, bytes: Buffer): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  await pg._runExclusiveQuery(() => pg.execProtocolRawStream(bytes, { onRawData: (data) => chunks.push(data.slice()) }));
  return Buffer.concat(chunks);
}

export interface PgliteServer {
  port: number;
  /** Disconnects every client (rolling back what they left open) and stops listening. */
  close(): Promise<void>;
}

export async function servePglite(pg: PGlite, options: { password: string; idleMs?: number }): Promise<PgliteServer> {
  await pg.waitReady;
  const sessions = new Map<net.Socket, Promise<void>>();
  const server = net.createServer((socket) => {
    const done = session(pg, socket, Buffer.from(options.password), options.idleMs ?? 10_000);
    sessions.set(socket, done);
    void done.finally(() => sessions.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sessions.keys()) socket.destroy();
      await Promise.all([...sessions.values(), closed]);
    },
  };
}

/** One client connection; resolves once it is closed and whatever it left open is rolled back. */
function session(pg: PGlite, socket: net.Socket, password: Buffer, idleMs: number): Promise<void> {
  let buffer = Buffer.alloc(0);
  let startup: Buffer | null = null;
  let signedIn = false;
  let release: (() => void) | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  // Messages are handled one batch at a time, in order.
  let work: Promise<void> = Promise.resolve();

  const run = async (bytes: Buffer) => {
    release ??= await lock(pg);
    const out = await exec(pg, bytes);
    if (!socket.destroyed) socket.write(out);
    if (endsIdle(out)) {
      release();
      release = null;
    }
  };

  /** The next complete typed message, taken off the buffer. */
  const take = (): Buffer | null => {
    if (buffer.length < 5) return null;
    const length = 1 + buffer.readInt32BE(1);
    if (buffer.length < length) return null;
    const taken = buffer.subarray(0, length);
    buffer = buffer.subarray(length);
    return taken;
  };

  const drain = async (): Promise<void> => {
    clearTimeout(idleTimer);
    if (!startup) {
      if (buffer.length < 8) return;
      const length = buffer.readInt32BE(0);
      const code = buffer.readInt32BE(4);
      if (code === SSL_REQUEST) {
        buffer = buffer.subarray(8);
        socket.write('N');
        return drain();
      }
      // A CancelRequest or an unknown protocol: nothing here to serve.
      if (code !== PROTOCOL_3) return void socket.destroy();
      if (buffer.length < length) return;
      startup = buffer.subarray(0, length);
      buffer = buffer.subarray(length);
      socket.write(ASK_PASSWORD);
    }
    if (!signedIn) {
      const answer = take();
      if (!answer) return;
      const given = answer.subarray(5, answer.length - 1);
      if (answer[0] !== PASSWORD_MESSAGE || given.length !== password.length || !timingSafeEqual(given, password)) {
        return void socket.end(fatal('28P01', 'password authentication failed'));
      }
      signedIn = true;
      await run(startup); // AuthenticationOk, the server's parameters, ReadyForQuery
    }
    // Every complete message in one batch (PGlite runs a batch's messages in order); Terminate is
    // the client's goodbye and is not PGlite's to see.
    let end = 0;
    let terminate = false;
    while (end + 5 <= buffer.length) {
      const length = 1 + buffer.readInt32BE(end + 1);
      if (end + length > buffer.length) break;
      if (buffer[end] === TERMINATE) {
        terminate = true;
        break;
      }
      end += length;
    }
    if (end > 0) {
      const batch = buffer.subarray(0, end);
      buffer = buffer.subarray(end);
      await run(batch);
    }
    if (terminate) socket.end();
    // Still inside a transaction: the app waits until the client goes on, but not for ever.
    else if (release) idleTimer = setTimeout(() => socket.destroy(), idleMs);
  };

  /** Ends what the client left open (an unfinished exchange, a transaction) and lets the app go on. */
  const cleanup = async () => {
    clearTimeout(idleTimer);
    if (!release) return;
    try {
      await exec(pg, SYNC);
      if (pg.isInTransaction()) await exec(pg, simpleQuery('ROLLBACK'));
    } catch {
      // PGlite is closing: nothing left to roll back.
    } finally {
      release();
      release = null;
    }
  };

  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    work = work.then(drain).catch(() => void socket.destroy());
  });
  socket.on('error', () => socket.destroy());
  return new Promise<void>((resolve) => {
    socket.on('close', () => {
      work = work.then(cleanup).finally(resolve);
    });
  });
}
