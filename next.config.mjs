/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite'],
  poweredByHeader: false,
  // Self-hosting: `node .next/standalone/server.js` runs with the traced node_modules only (README, Deploy).
  output: 'standalone',
};

export default nextConfig;
