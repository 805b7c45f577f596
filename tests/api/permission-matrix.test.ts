import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser, type UserAccessColumns } from '@/db/queries/accounts';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { actionOf, areasOfPath } from '@/lib/server/http/access';
import { openApiDocument } from '@/lib/server/openapi/document';
import { allows, effectiveAccess, type UserAccess } from '@/lib/shared/permissions';
import { client, type Client } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Issue 18, the permission matrix: every operation of the OpenAPI document, for four users — the
// admin; a standard user seeing all projects (with the workforce); a collaborator seeing only their
// teams' projects; a user without the workforce (a new user's defaults) — each answer checked
// against the user's levels, and no record of a project the user does not see in any body.

interface Operation {
  method: string;
  template: string;
  key?: string;
}

const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
type Json = Record<string, unknown>;
const operations: Operation[] = Object.entries(doc.paths).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([m]) => ['get', 'post', 'patch', 'put', 'delete'].includes(m))
    .map(([m, op]) => {
      const schema = (op.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content?.['application/json']?.schema;
      const ref = typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop()! : undefined;
      const wrapper = ref ? (openApiDocument() as unknown as { components: { schemas: Record<string, Json> } }).components.schemas[ref] : schema;
      const key = Object.keys((wrapper?.properties as Json | undefined) ?? {})[0];
      return { method: m.toUpperCase(), template: template.replace(/^\/api\/2023-01/, ''), key };
    }),
);

let a: TestAccount;
const users: { name: string; access: UserAccess; api: Client }[] = [];
/** Path ids by template: records of the project the team-only user is not on, and others. */
const ids = new Map<string, string>();
const NOWHERE = '999999999';

async function member(name: string, values: UserAccessColumns) {
  const tag = Math.random().toString(36).slice(2, 8);
  const userId = await insertUser(getDb(), { accountId: a.accountId, email: `${name}.${tag}@example.com`, firstName: name, lastName: tag, ...values });
  const access = effectiveAccess('member', {
    projectAccess: values.projectAccess ?? 'all',
    permissions: {
      leads: values.permissionLeads ?? 'collaborator',
      projects: values.permissionProjects ?? 'collaborator',
      directory: values.permissionDirectory ?? 'collaborator',
      workforce: values.permissionWorkforce ?? 'none',
      forecast: values.permissionForecast ?? 'collaborator',
      insights: values.permissionInsights ?? 'collaborator',
    },
  });
  users.push({ name, access, api: client(await createApiToken(getDb(), { accountId: a.accountId, userId })) });
  return userId;
}

beforeAll(async () => {
  a = await createTestAccount('Matrix GC');
  users.push({ name: 'admin', access: effectiveAccess('admin', { projectAccess: 'all', permissions: {} as UserAccess['permissions'] }), api: a.api });
  await member('standard', { permissionWorkforce: 'collaborator' });
  const teamUser = await member('team', { projectAccess: 'team', permissionWorkforce: 'collaborator' });
  await member('noworkforce', {});

  const post = async (path: string, key: string, body: Json) => {
    const res = await a.api.post(path, { [key]: body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
    return (res.body[key] as { id: string }).id;
  };
  const mine = await post('/projects', 'project', { name: 'Matrix team project' });
  await post('/project_team_memberships', 'project_team_membership', { project_id: mine, user_id: String(teamUser), roles: ['estimator'] });
  // Its bid is due today: the calendar's default window (this month) holds it.
  const hidden = await post('/projects', 'project', {
    name: 'Hidden project',
    start_date: '2027-01-01',
    end_date: '2027-06-30',
    bid_due_date: new Date().toISOString().slice(0, 10),
  });
  ids.set('/projects/{id}', hidden);
  ids.set('/projects/{id}/forecast', hidden);
  ids.set('/projects/{id}/go_no_go', hidden);
  ids.set('/tasks/{id}', await post('/tasks', 'task', { title: 'Hidden project task', project_id: hidden }));
  ids.set('/calls/{id}', await post('/calls', 'call', { subject: 'Hidden project call', project_id: hidden }));
  ids.set('/task_lists/{id}', await post('/task_lists', 'task_list', { name: 'Hidden project list', project_id: hidden }));
  ids.set(
    '/project_team_memberships/{id}',
    await post('/project_team_memberships', 'project_team_membership', { project_id: hidden, user_id: String(a.otherUserId), roles: ['estimator'] }),
  );
  ids.set(
    '/workforce/assignments/{id}',
    await post('/workforce/assignments', 'workforce_assignment', { project_id: hidden, role_id: String(a.lookup.workforceRoles[0]) }),
  );
  ids.set('/leads/{id}', await post('/leads', 'lead', { name: 'Matrix lead' }));
  ids.set('/companies/{id}', await post('/companies', 'company', { name: 'Matrix company' }));
  ids.set('/contacts/{id}', await post('/contacts', 'contact', { first_name: 'Matrix', email: 'matrix@example.com' }));
  ids.set('/workforce/employees/{id}', await post('/workforce/employees', 'workforce_employee', { legal_first_name: 'Matrix', last_name: 'Employee' }));
});

/** The records of the hidden project all carry its name (its tasks, calls, lists) or embed it. */
const HIDDEN = 'Hidden project';

/** The path of an operation: a record that exists for reads and updates; none for deletes and actions (nothing is destroyed). */
function pathOf(op: Operation): string {
  const destructive = op.method === 'DELETE' || (op.method === 'POST' && op.template.includes('{'));
  const path = op.template.replace(/\{(\w+)\}/g, () => (destructive ? NOWHERE : (ids.get(op.template) ?? NOWHERE)));
  // A membership is read under its project.
  return op.template.startsWith('/project_team_memberships/') ? `${path}?project_id=${ids.get('/projects/{id}')}` : path;
}

describe('the permission matrix', () => {
  it('covers every operation of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('answers each user by their levels, and shows no one a record of a project they do not see', async () => {
    const failures: string[] = [];
    for (const user of users) {
      for (const op of operations) {
        const path = pathOf(op);
        const body = op.key ? { [op.key]: {} } : undefined;
        const res =
          op.method === 'GET'
            ? await user.api.get(path)
            : op.method === 'DELETE'
              ? await user.api.delete(path)
              : await (op.method === 'POST' ? user.api.post : op.method === 'PUT' ? user.api.put : user.api.patch)(path, body);
        const areas = areasOfPath(path);
        const denied = areas.find((area) => !allows(user.access.permissions[area], actionOf(op.method)));
        const where = `${user.name} ${op.method} ${op.template} → ${res.status} ${res.body?.error ?? ''}`;
        if (res.status >= 500) failures.push(`${where}: a 5xx`);
        if (denied) {
          if (res.status !== 403 || res.body?.error !== 'insufficient_permission' || res.body?.details?.area !== denied)
            failures.push(`${where}: expected 403 on ${denied}`);
        } else if (res.body?.error === 'insufficient_permission') {
          failures.push(`${where}: refused though allowed`);
        }
        if (user.access.projectAccess === 'team') {
          if (res.status === 200 && JSON.stringify(res.body ?? '').includes(HIDDEN)) failures.push(`${where}: shows the hidden project`);
          if (
            !denied &&
            op.method === 'GET' &&
            ids.has(op.template) &&
            op.template !== '/leads/{id}' &&
            !op.template.startsWith('/companies') &&
            !op.template.startsWith('/contacts') &&
            !op.template.startsWith('/workforce/employees')
          ) {
            if (res.status !== 404) failures.push(`${where}: a record of the hidden project should be a 404`);
          }
        } else if (!denied && op.method === 'GET' && ids.has(op.template) && res.status !== 200) {
          failures.push(`${where}: expected 200`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
