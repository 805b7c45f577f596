import { createDocument } from 'zod-openapi';
import { withConventions } from './conventions';
import { API_PATHS } from './paths';

const description = `Groundwork construction pipeline API, version 2023-01.

Conventions: every request carries \`Authorization: Bearer <token>\`; bodies wrap their fields in an
object named for the resource; lists are paginated with \`page\` and \`per_page\` (max 100) and
answer a \`Link\` header and \`X-Total-Count\`; errors are \`{error, message, details, request_id}\`.`;

function build() {
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Groundwork API', version: '2023-01', description },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API token (`gw_pat_…`) or an OAuth 2.0 access token (`gw_oat_…`, from POST /oauth/token); the bare token without "Bearer" is accepted too.',
        },
      },
    },
    paths: withConventions({
      ...API_PATHS,
      '/api/health': {
        get: {
          operationId: 'get_health',
          tags: ['Meta'],
          summary: 'Health: database reachability and migration state (for load balancers)',
          description:
            'No credentials, never cached, limited per client address like every request without a credential. 200 with `status: "ok"`; 503 with `status: "degraded"` (and `Retry-After`) when the database is out of reach or migrations are pending.',
          security: [],
          responses: {
            '200': { description: '`{status: "ok", database: {reachable, latency_ms}, migrations: {applied, pending, latest}}`.' },
            '503': { description: '`{status: "degraded", …}`: the database is unreachable (`migrations` is null) or migrations are pending.' },
          },
        },
      },
      '/api/2023-01/openapi.json': {
        get: {
          operationId: 'get_openapi_document',
          tags: ['Meta'],
          summary: 'This OpenAPI 3.1 document',
          security: [],
          responses: { '200': { description: 'The document.' } },
        },
      },
    }),
  });
}

let cached: ReturnType<typeof build> | undefined;

/** The OpenAPI 3.1 document, generated from the zod schemas once per process. */
export function openApiDocument() {
  cached ??= build();
  return cached;
}
