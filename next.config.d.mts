import type { NextConfig } from 'next';

// Types for next.config.mjs (imported by tests/api/security.test.ts).
export declare function securityHeaders(production?: boolean): { key: string; value: string }[];
declare const nextConfig: NextConfig;
export default nextConfig;
