import type { NextConfig } from 'next';

// Types for next.config.mjs (imported by tests/api/security.test.ts).
export declare function securityHeaders(production?: boolean): { key: string; value: string }[];
export declare function devOrigins(interfaces?: NodeJS.Dict<import('node:os').NetworkInterfaceInfo[]>, extra?: string): string[];
declare const nextConfig: NextConfig;
export default nextConfig;
