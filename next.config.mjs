import { hostname, networkInterfaces } from 'node:os';

// Security headers on every response, static files included. The Content-Security-Policy is not
// here: it carries a nonce per request (proxy.ts, lib/server/security/headers.ts). HSTS only in
// production: a development server on http://localhost must not pin the browser to https.
export function securityHeaders(production = process.env.NODE_ENV === 'production') {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
    ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
  ];
}

/**
 * The addresses `next dev` prints as its Network URL (this machine's own), and any named in
 * ALLOWED_DEV_ORIGINS (comma-separated hosts): a phone on the same network opens the development
 * server there and hydrates (Next.js refuses its development scripts to other origins). Sign-in
 * trusts the origin a request was sent to already (lib/server/auth/server.ts). Development only.
 */
export function devOrigins(interfaces = networkInterfaces(), extra = process.env.ALLOWED_DEV_ORIGINS ?? '') {
  const own = Object.values(interfaces)
    .flat()
    .filter((a) => a && !a.internal && a.family === 'IPv4')
    .map((a) => a.address);
  const named = extra
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  return [...new Set([...own, hostname(), ...named])];
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  // ExcelJS (exports) is CommonJS with optional requires: loaded from node_modules too.
  serverExternalPackages: ['@electric-sql/pglite', 'exceljs', 'unpdf', 'mammoth', '@napi-rs/canvas', 'sharp'],
  poweredByHeader: false,
  allowedDevOrigins: process.env.NODE_ENV === 'production' ? [] : devOrigins(),
  // The proxy (proxy.ts) runs on /api and buffers a request's body up to this size, cutting the rest
  // off silently: above the largest body the API takes (an import's 50 MB file and its form fields),
  // so an over-size upload reaches its route whole enough to be refused with 413.
  experimental: { proxyClientMaxBodySize: '52mb' },
  // Self-hosting: `node .next/standalone/server.js` runs with the traced node_modules only (README, Deploy).
  output: 'standalone',
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders() }];
  },
};

export default nextConfig;
