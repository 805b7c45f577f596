import net from 'node:net';
import type { AddressInfo } from 'node:net';

// A tiny TCP proxy in front of PostgreSQL that counts the statements its clients run: every
// Execute ('E', extended protocol: one per statement, prepared or not) and simple Query ('Q')
// message of the frontend stream; and the Parse ('P') messages among them, which a prepared
// statement sends once per connection, so after a warm-up a request of prepared statements sends
// none. Point a server's DATABASE_URL at it, send N requests one at a time, divide the counts by
// N. Assumes no TLS (the local server), which the bench uses.

export async function startStatementProxy(target: { host: string; port: number }) {
  let statements = 0;
  let parses = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let started = false;
    let pending: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let at = 0;
      for (;;) {
        if (!started) {
          // The startup message has no type byte: int32 length, then the body.
          if (pending.length - at < 4) break;
          const len = pending.readInt32BE(at);
          if (pending.length - at < len) break;
          at += len;
          started = true;
          continue;
        }
        if (pending.length - at < 5) break;
        const type = pending[at]!;
        const len = pending.readInt32BE(at + 1);
        if (pending.length - at < len + 1) break;
        if (type === 0x45 /* E */ || type === 0x51 /* Q */) statements += 1;
        if (type === 0x50 /* P */) parses += 1;
        at += len + 1;
      }
      pending = pending.subarray(at);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    count: () => ({ statements, parses }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
