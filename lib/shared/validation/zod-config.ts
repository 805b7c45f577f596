import { config } from 'zod';

// zod 4 compiles object parsers with `new Function` when it may, and probes for it with
// Function("") as each object schema is built. In the browser the Content-Security-Policy (no
// 'unsafe-eval') refuses that probe and reports a violation, so there every schema parses without
// it. Imported first by the modules that build object schemas, so it runs before any is built;
// the server keeps the compiled parsers.
if (typeof window !== 'undefined') config({ jitless: true });
