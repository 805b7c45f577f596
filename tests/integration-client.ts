// An integration written the way the ones built for the anchor API are: plain fetch, a JSON body
// to the token URL, then a page loop with per_page=100 until a short page, and users/me. Only its
// two URLs (base and token) know it is talking to Groundwork.

export const KEPT_STATUSES = ['active', 'pursuit', 'upcoming', 'complete'];

export interface IntegrationConfig {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

interface Project {
  id: string;
  name: string;
  project_status: string;
}

export async function syncProjects(config: IntegrationConfig) {
  const http = config.fetch ?? fetch;
  const log = config.log ?? (() => {});
  const tokenRes = await http(config.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret, scope: 'read write' }),
  });
  if (!tokenRes.ok) throw new Error(`token request failed: ${tokenRes.status} ${await tokenRes.text()}`);
  const { access_token: accessToken, expires_in: expiresIn, token_type: tokenType, scope } = await tokenRes.json();
  log(`POST ${config.tokenUrl} → ${tokenRes.status} ${tokenType} token, expires_in=${expiresIn}, scope="${scope}"`);
  const headers = { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' };

  const projects: Project[] = [];
  for (let page = 1; ; page++) {
    const url = `${config.baseUrl}/api/2023-01/projects?per_page=100&page=${page}`;
    const res = await http(url, { headers });
    if (!res.ok) throw new Error(`GET ${url} failed: ${res.status} ${await res.text()}`);
    const batch = (await res.json()).projects as Project[];
    log(`GET /api/2023-01/projects?per_page=100&page=${page} → ${res.status}, ${batch.length} projects${budget(res)}`);
    projects.push(...batch);
    if (batch.length < 100) break;
  }
  const kept = projects.filter((p) => KEPT_STATUSES.includes(p.project_status));
  log(`kept ${kept.length} of ${projects.length} projects (statuses ${KEPT_STATUSES.join(', ')})`);

  const meRes = await http(`${config.baseUrl}/api/2023-01/users/me`, { headers });
  const me = (await meRes.json()).user as { id: string; email: string; first_name: string | null; last_name: string | null };
  log(`GET /api/2023-01/users/me → ${meRes.status}, signed in as ${me.first_name} ${me.last_name} <${me.email}>${budget(meRes)}`);
  return { accessToken, expiresIn, projects, kept, me };
}

/** The rate-limit budget left, as the response reports it (for the log). */
function budget(res: Response): string {
  const limit = res.headers.get('x-ratelimit-limit');
  return limit ? ` (rate limit ${res.headers.get('x-ratelimit-remaining')}/${limit} left)` : '';
}
