// A round-robin load balancer for the two-instance journey (e2e/scale/instances.spec.ts): every
// request to port LB goes to the next of the instances, streamed both ways (an event stream
// too), as a cloud load balancer without sticky sessions would send it.
//   node e2e/scale/load-balancer.mjs <port> <instance port> <instance port> …
// GET /__lb/ready: 200 once every instance answers its health check; GET /__lb/stats: requests per instance.
import http from 'node:http';

const [port, ...targets] = process.argv.slice(2).map(Number);
const served = Object.fromEntries(targets.map((t) => [t, 0]));
let turn = 0;

const health = (target) =>
  new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: target, path: '/api/health' }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
  });

http
  .createServer(async (req, res) => {
    if (req.url === '/__lb/ready') {
      const ok = (await Promise.all(targets.map(health))).every(Boolean);
      return res.writeHead(ok ? 200 : 503).end();
    }
    if (req.url === '/__lb/stats') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(served));
    const target = targets[turn++ % targets.length];
    served[target] += 1;
    const upstream = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  })
  .listen(port, '127.0.0.1');
