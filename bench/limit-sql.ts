// The SQL of the hand-written limit (bench/limit.ts), written out by hand: it shares nothing with
// the app's queries or serializers (db/queries, lib/server/serializers); the body check in bench/run.ts
// holds it to the app's answers byte for byte.
//
// PostgreSQL builds every body. `to_json(<row>)` and `array_to_json(array_agg(<row>))` print
// compact JSON (no spaces, keys in column order), which is what JSON.stringify prints;
// json_build_object (`{"a" : 1}`) and json_agg (`, \n `) add whitespace, so they are not used.
// A record is a `lateral` row whose column names are the keys; an embedded reference is a
// `left join lateral` row, whose whole-row value is null when there is no match.

/** UTC ISO 8601 to the second, as the API writes timestamps (`2023-02-14T18:13:00Z`). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const base = (t: string) => `${t}.id::text as id, ${iso(`${t}.created_at`)} as created_at, ${iso(`${t}.updated_at`)} as updated_at`;

/** A name part counts when it has a non-space character; the parts joined by one space, or null. */
const part = (column: string) => `case when ${column} ~ '\\S' then ${column} end`;
const fullName = (t: string) => `nullif(concat_ws(' ', ${part(`${t}.first_name`)}, ${part(`${t}.last_name`)}), '')`;

/** `left join lateral` of an embedded User reference (a user, or a contact): id, times, names, email. */
const personJoin = (alias: string, table: 'users' | 'contacts', fk: string) =>
  `left join lateral (select ${base('x')}, x.first_name, x.last_name, ${fullName('x')} as name, x.email
     from ${table} x where x.id = ${fk}) ${alias} on true`;

const namedJoin = (alias: string, table: string, fk: string) =>
  `left join lateral (select ${base('x')}, x.name from ${table} x where x.id = ${fk}) ${alias} on true`;

const companyJoin = (alias: string, fk: string) =>
  `left join lateral (select ${base('x')}, x.name, x.website from companies x where x.id = ${fk}) ${alias} on true`;

const addressJoin = (t: string) =>
  `cross join lateral (select ${t}.street_address, ${t}.street_address2, ${t}.city, ${t}.state, ${t}.zip, ${t}.country) address`;

/** A record: the joins its columns need, and the columns (key order is the API's). */
interface Shape {
  joins: string;
  columns: string;
}

/** The lead of `l` (the Lead shape: its shape in the OpenAPI document of the spec). */
const lead: Shape = {
  joins: [
    addressJoin('l'),
    personJoin('assigned_to', 'users', 'l.assigned_to_id'),
    personJoin('archived_by', 'users', 'l.archived_by_id'),
    personJoin('created_by', 'users', 'l.created_by_id'),
    companyJoin('company', 'l.company_id'),
    personJoin('contact', 'contacts', 'l.contact_id'),
    namedJoin('contract_type', 'contract_types', 'l.contract_type_id'),
    namedJoin('delivery_method', 'delivery_methods', 'l.delivery_method_id'),
    namedJoin('division', 'divisions', 'l.division_id'),
    namedJoin('import', 'imports', 'l.import_id'),
    namedJoin('lead_source', 'lead_sources', 'l.lead_source_id'),
    namedJoin('market_sector', 'market_sectors', 'l.market_sector_id'),
    namedJoin('tender_type', 'tender_types', 'l.tender_type_id'),
  ].join('\n'),
  columns: `${base('l')}, l.name, l.description, l.external_id, l.priority, l.value_in_cents, l.estimated_start_date,
    l.construction_duration, l.construction_duration_unit, l.square_feet, l.units,
    ${iso('l.archived_at')} as archived_at, ${iso('l.snooze_until')} as snooze_until, l.work_scope,
    to_json(address) as address, to_json(assigned_to) as assigned_to, to_json(archived_by) as archived_by,
    to_json(created_by) as created_by, to_json(company) as company, to_json(contact) as contact,
    to_json(contract_type) as contract_type, to_json(delivery_method) as delivery_method, to_json(division) as division,
    to_json(import) as import, to_json(lead_source) as lead_source, to_json(market_sector) as market_sector, to_json(tender_type) as tender_type,
    l.custom_fields`,
};

// Project's derived fields, against today's date and the time in UTC.
const today = `(now() at time zone 'UTC')::date`;

/** Whole days in the current stage, never negative. */
const stageAge = `greatest(0, floor(extract(epoch from now() - p.stage_entered_at) / 86400))::int`;

/** Calendar days from creation to award; while open, to today; once closed without award, to the close. */
const pursuitDuration = `greatest(0, coalesce(p.award_date,
    case when p.close_type is null then ${today} else (p.closed_at at time zone 'UTC')::date end)
  - (p.created_at at time zone 'UTC')::date)`;

/**
 * Whole months from start to end date, counted as date-fns 4's differenceInMonths counts them
 * (the app's rule), quirks included: an end date late in February is first moved to "February
 * 30" (1 or 2 March); the end date, moved back by the calendar months between the two dates
 * (keeping its day, overflowing into the next month as a JavaScript Date does), must not pass
 * the start date, or one month is not full; a month ending on the last day of a month is full.
 */
const projectDurationJoin = `left join lateral (
    select m.sign * (m.months - (sign(m.back - p.start_date) = -m.sign
      and not (p.end_date = (date_trunc('month', p.end_date::timestamp) + interval '1 month - 1 day')::date
               and m.months = 1 and m.sign = 1))::int) as months
    from (select d.sign, d.months,
            (date_trunc('month', w.day::timestamp) - make_interval(months => d.sign * d.months))::date + (extract(day from w.day)::int - 1) as back
          from (select sign(p.end_date - p.start_date)::int as sign,
                  abs(12 * (extract(year from p.end_date) - extract(year from p.start_date))
                      + extract(month from p.end_date) - extract(month from p.start_date))::int as months) d,
               lateral (select case when extract(month from p.end_date) = 2 and extract(day from p.end_date) > 27
                  then date_trunc('month', p.end_date::timestamp)::date + 29 else p.end_date end as day) w) m
    where m.months >= 1
  ) duration on true`;

/** Dollars per unit, to the cent (half-cents up), from a float division as the JS number one. */
const pricePer = (divisor: string) =>
  `case when p.amount_in_cents is not null and coalesce(${divisor}, 0) <> 0
     then trim_scale(floor(p.amount_in_cents::float8 / ${divisor} + 0.5)::numeric / 100) end`;

const projectStatus = `case when p.close_type is null then 'pursuit' when p.close_type <> 'won' then 'lost'
    when p.end_date < ${today} then 'complete' when p.start_date is null or p.start_date > ${today} then 'upcoming'
    else 'active' end`;

/** Won and lost projects of the caller's account closed in the last 36 months (from midnight UTC). */
const results = `from projects c where c.account_id = (select account_id from token) and c.close_type in ('won', 'lost')
    and c.closed_at >= ((${today} - interval '36 months') at time zone 'UTC')`;

/**
 * An open project's learned probability, (won + 1) / (won + lost + 2), over its market sector's
 * results, or the account's when the sector has fewer than 5; the per-sector and account counts
 * are uncorrelated subqueries, run once per statement.
 */
const learnedJoin = `left join lateral (
    select round((b.won + 1)::numeric / (b.won + b.lost + 2), 4)::float8 as probability,
      (select to_json(x) from (select b.group_by, b.won, b.lost) x) as basis
    from (select case when s.won + s.lost >= 5 then 'market_sector' else 'account' end as group_by,
            case when s.won + s.lost >= 5 then s.won else (acc ->> 0)::int end as won,
            case when s.won + s.lost >= 5 then s.lost else (acc ->> 1)::int end as lost
          from (select coalesce((sec -> 0)::int, 0) as won, coalesce((sec -> 1)::int, 0) as lost
                from (select (select jsonb_object_agg(x.sector, jsonb_build_array(x.won, x.lost)) from (
                        select c.market_sector_id::text as sector, count(*) filter (where c.close_type = 'won') as won,
                          count(*) filter (where c.close_type = 'lost') as lost ${results} and c.market_sector_id is not null group by 1) x)
                      -> p.market_sector_id::text as sec) y) s,
               (select jsonb_build_array(count(*) filter (where c.close_type = 'won'), count(*) filter (where c.close_type = 'lost')) as acc ${results}) a) b
    where p.close_type is null
  ) learned on true`;

/**
 * An open project's price to win: the 25th and 75th percentiles of winning ÷ our price over its
 * sector's projects closed in the last 36 months with both known (at least 5), times its amount.
 * The winner is the result marked so, else us on a project closed as won; our price our result's,
 * else the project's. The per-sector percentiles are an uncorrelated subquery, run once.
 */
const priceToWinJoin = `left join lateral (
    select case when p.close_type is null and p.amount_in_cents is not null and (r.q ->> 0)::int >= 5 then json_build_object(
        'low_in_cents', floor((r.q ->> 1)::float8 * p.amount_in_cents + 0.5)::bigint,
        'high_in_cents', floor((r.q ->> 2)::float8 * p.amount_in_cents + 0.5)::bigint,
        'basis', json_build_object('count', (r.q ->> 0)::int, 'market_sector_id', p.market_sector_id::text)) end as price_to_win
    from (select (select jsonb_object_agg(z.sector, jsonb_build_array(z.n, z.p25, z.p75)) from (
        select y.sector, count(*) as n, percentile_cont(0.25) within group (order by y.ratio) as p25,
          percentile_cont(0.75) within group (order by y.ratio) as p75
        from (select c.market_sector_id::text as sector,
                (case when w.id is null then case when c.close_type = 'won' then o.ours end when w.is_us then o.ours else w.amount_in_cents end)::float8 / o.ours as ratio
              from projects c
              left join bid_results w on w.project_id = c.id and w.is_winner
              cross join lateral (select coalesce((select u.amount_in_cents from bid_results u where u.project_id = c.id and u.is_us), c.amount_in_cents) as ours) o
              where c.account_id = (select account_id from token) and c.close_type is not null and c.market_sector_id is not null
                and c.closed_at >= ((${today} - interval '36 months') at time zone 'UTC') and o.ours > 0) y
        where y.ratio is not null group by y.sector) z) -> p.market_sector_id::text as q) r
  ) price on true`;

/** Who won: the winning bidder's company, or us (the account's name, no id); and how many bid. */
const awardedTo = `coalesce(
    (select case when w.is_us then json_build_object('id', null, 'created_at', null, 'updated_at', null, 'name', a.name, 'website', null)
       else (select json_build_object('id', x.id::text, 'created_at', ${iso('x.created_at')}, 'updated_at', ${iso('x.updated_at')}, 'name', x.name, 'website', x.website)
             from companies x where x.id = w.company_id) end
     from bid_results w join accounts a on a.id = p.account_id where w.project_id = p.id and w.is_winner),
    case when p.close_type = 'won' then (select json_build_object('id', null, 'created_at', null, 'updated_at', null, 'name', a.name, 'website', null) from accounts a where a.id = p.account_id) end)`;

/** The go / no-go score: Σ weight × (answer − 1) ÷ 4 ÷ Σ weight × 100 over the live criteria answered, two decimals. */
const goNoGoScore = `(select round(100 * sum(c.weight * ((p.go_no_go_answers ->> c.id::text)::numeric - 1) / 4) / sum(c.weight), 2)::float8
    from go_no_go_criteria c where c.account_id = p.account_id and not c.archived and p.go_no_go_answers ? c.id::text)`;

/** The project of `p` (`Project` in the OpenAPI document), derived fields included. */
const project: Shape = {
  joins: [
    addressJoin('p'),
    projectDurationJoin,
    learnedJoin,
    priceToWinJoin,
    personJoin('go_no_go_decided_by', 'users', 'p.go_no_go_decided_by_id'),
    personJoin('assigned_to', 'users', 'p.assigned_to_id'),
    personJoin('created_by', 'users', 'p.created_by_id'),
    companyJoin('company', 'p.company_id'),
    personJoin('contact', 'contacts', 'p.contact_id'),
    namedJoin('contract_type', 'contract_types', 'p.contract_type_id'),
    namedJoin('division', 'divisions', 'p.division_id'),
    namedJoin('import', 'imports', 'p.import_id'),
    namedJoin('lead_source', 'lead_sources', 'p.lead_source_id'),
    namedJoin('loss_reason', 'loss_reasons', 'p.loss_reason_id'),
    namedJoin('market_sector', 'market_sectors', 'p.market_sector_id'),
    namedJoin('tender_type', 'tender_types', 'p.tender_type_id'),
    namedJoin('delivery_method', 'delivery_methods', 'p.delivery_method_id'),
    `left join lateral (select ${base('x')}, x.name, x.category, x.position, x.default_probability from project_stages x where x.id = p.project_stage_id) project_stage on true`,
  ].join('\n'),
  columns: `${base('p')}, p.name, p.description, p.project_number, p.external_id,
    ${stageAge} as stage_age,
    case when p.start_date is not null and p.end_date is not null then coalesce(duration.months, 0) end as project_duration,
    ${pursuitDuration} as pursuit_duration, p.square_feet, p.units, p.probability,
    learned.probability as suggested_probability, learned.basis as suggested_probability_basis, price.price_to_win,
    trim_scale(p.estimated_cost_in_cents::numeric / 100) as estimated_cost, p.forecast_curve, p.forecast_manual_percentages,
    ${pricePer('p.square_feet')} as price_per_square_foot, ${pricePer('p.units')} as price_per_unit,
    trim_scale(p.amount_in_cents::numeric / 100) as amount, ${projectStatus} as project_status, p.close_type,
    ${iso('p.closed_at')} as closed_at, p.award_date, p.bid_due_date, p.start_date, p.end_date, ${iso('p.bid_due_at')} as bid_due_at,
    p.bid_due_at_includes_time, p.work_scope, to_json(address) as address,
    to_json(assigned_to) as assigned_to, to_json(created_by) as created_by, to_json(company) as company,
    to_json(contact) as contact, to_json(contract_type) as contract_type, to_json(division) as division,
    to_json(import) as import, to_json(lead_source) as lead_source, to_json(loss_reason) as loss_reason,
    to_json(market_sector) as market_sector, to_json(tender_type) as tender_type,
    to_json(delivery_method) as delivery_method, to_json(project_stage) as project_stage,
    ${awardedTo} as awarded_to, (select count(*)::int from bid_results b where b.project_id = p.id) as bid_count, p.custom_fields,
    p.estimating_hours, (select to_json(g) from (select p.go_no_go_answers as answers, ${goNoGoScore} as score,
      p.go_no_go_decision as decision, to_json(go_no_go_decided_by) as decided_by, ${iso('p.go_no_go_decided_at')} as decided_at) g) as go_no_go`,
};

/** The task of `t` (its shape in the OpenAPI document); its list embeds the list's own project, and is null without one. */
const task: Shape = {
  joins: [
    personJoin('assigned_to', 'users', 't.assigned_to_id'),
    personJoin('created_by', 'users', 't.created_by_id'),
    personJoin('contact', 'contacts', 't.contact_id'),
    namedJoin('project', 'projects', 't.project_id'),
    `left join lateral (select ${base('x')}, x.name, to_json(xp) as project
       from task_lists x join lateral (select ${base('y')}, y.name from projects y where y.id = x.project_id) xp on true
       where x.id = t.task_list_id) task_list on true`,
  ].join('\n'),
  columns: `${base('t')}, t.title, t.notes, ${iso('t.completed_at')} as completed_at, t.deadline,
    to_json(assigned_to) as assigned_to, to_json(created_by) as created_by, to_json(contact) as contact,
    to_json(project) as project, to_json(task_list) as task_list`,
};

/** The contact of `c` (its shape in the OpenAPI document). */
const contact: Shape = {
  joins: [
    companyJoin('company', 'c.company_id'),
    personJoin('assigned_to', 'users', 'c.assigned_to_id'),
    personJoin('created_by', 'users', 'c.created_by_id'),
    namedJoin('import', 'imports', 'c.import_id'),
  ].join('\n'),
  columns: `${base('c')}, c.email, c.first_name, c.last_name, ${fullName('c')} as name, c.job_title,
    c.mobile_phone, c.office_phone, c.linked_in_profile_url, to_json(company) as company,
    to_json(assigned_to) as assigned_to, to_json(created_by) as created_by, to_json(import) as import,
    c.custom_fields`,
};

/** One record of `from` (aliased as the shape expects) as JSON text under its key: `{"lead":{…}}`. */
const one = (key: string, shape: Shape, from: string, where: string) =>
  `(select '{"${key}":' || to_json(r)::text || '}'
     from ${from}
     ${shape.joins}
     cross join lateral (select ${shape.columns}) r
     where ${where})`;

/** The records of `ids` (an array), in its order, as JSON text under their key: `{"leads":[…]}`. */
const many = (key: string, shape: Shape, alias: string, table: string, ids: string) =>
  `(select '{"${key}":' || coalesce(array_to_json(array_agg(r order by page.n))::text, '[]') || '}'
     from unnest(${ids}) with ordinality page(id, n)
     join ${table} ${alias} on ${alias}.id = page.id
     ${shape.joins}
     cross join lateral (select ${shape.columns}) r)`;

/**
 * The caller: the live token with this SHA-256 hash ($1) of an active user, with the scope the
 * method needs, and how its writes are audited. (The app also left-joins the token's OAuth
 * application, for its rate limit, which the bench turns off.)
 */
const token = (scope: 'read' | 'write') => `token as (
    select t.id, t.oauth_application_id, t.last_used_at, u.id as user_id, u.account_id,
      case when t.kind = 'oauth_access' then 'oauth' else 'api_token' end as auth_method
    from api_tokens t join users u on u.id = t.user_id
    where t.token_hash = $1 and t.revoked_at is null and (t.expires_at is null or t.expires_at > now())
      and u.deactivated_at is null and '${scope}' = any(string_to_array(t.scope, ' '))
    limit 1)`;

/** What every statement answers about the caller (no row: no such token, or not this scope). */
const caller = `token.id as token_id, token.last_used_at`;

/** Records last use at most once a minute, as the app does (updated_at stays). */
export const touchToken = `update api_tokens set last_used_at = now()
  where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`;

/**
 * A page of a list and the list's total, in one statement: the page's ids walk the list's index
 * ($2 per page, $3 offset), then those ids get their embeds.
 */
function list(key: string, shape: Shape, alias: string, table: string, where: string, order: string) {
  const ids = `array(select ${alias}.id from ${table} ${alias} where ${where} order by ${order} limit $2 offset $3)`;
  return `with ${token('read')}
    select ${caller}, (select count(*) from ${table} ${alias} where ${where}) as total,
      ${many(key, shape, alias, table, ids)} as body
    from token`;
}

/** GET /leads: the account's leads that are not archived, newest first. */
export const listLeads = list('leads', lead, 'l', 'leads', 'l.account_id = token.account_id and l.archived_at is null', 'l.created_at desc, l.id desc');

/** GET /projects: the account's projects, newest first. */
export const listProjects = list('projects', project, 'p', 'projects', 'p.account_id = token.account_id', 'p.created_at desc, p.id desc');

/** GET /tasks?project_id=$4: a project's tasks, newest first. */
export const listTasks = list('tasks', task, 't', 'tasks', 't.account_id = token.account_id and t.project_id = $4', 't.created_at desc, t.id desc');

/** GET /projects/$2 (body null: no such project in the account). */
export const getProject = `with ${token('read')}
  select ${caller}, ${one('project', project, 'projects p', 'p.account_id = token.account_id and p.id = $2')} as body
  from token`;

/**
 * PATCH /leads/$2, first statement of its transaction: the lead locked, and read as GET answers
 * it (its ETag is compared with If-Match), with the columns the PATCH may change.
 */
export const lockLead = `with ${token('write')}
  select ${caller}, token.user_id, token.account_id, token.auth_method, token.oauth_application_id,
    l.name, l.value_in_cents, '{"lead":' || to_json(r)::text || '}' as body
  from token join leads l on l.account_id = token.account_id and l.id = $2
  ${lead.joins}
  cross join lateral (select ${lead.columns}) r
  for update of l`;

/**
 * The outbox row of a change, as the app writes it: the message, with who made it and how, and
 * one delivery per enabled subscription of the account that wants its event type.
 */
const outbox = (message: string) => `message as (${message}
    returning id, account_id, event_type),
  delivery as (
    insert into webhook_deliveries (account_id, webhook_id, message_id)
    select message.account_id, w.id, message.id
    from message join webhooks w on w.account_id = message.account_id and not w.disabled
      and (cardinality(w.filter_types) = 0 or message.event_type = any(w.filter_types)))`;

/**
 * PATCH /leads/$1, second statement: the update ($3 name, $4 value_in_cents), its `lead.update`
 * message ($5 user, $6 auth method, $7 token, $8 OAuth application, $9 changed fields, $10 the
 * record's URL) and the lead read back as JSON. $2: the account.
 */
export const updateLead = `with updated as (
    update leads set name = $3, value_in_cents = $4::bigint, updated_at = now()
    where account_id = $2 and id = $1 returning *),
  ${outbox(`insert into webhook_messages (account_id, event_type, payload, actor_id, auth_method, token_id, oauth_application_id, changed_fields)
    select $2, 'lead.update', jsonb_build_object('id', $1::text, 'url', $10::text), $5, $6, $7, $8, $9::text[]`)}
  select '{"lead":' || to_json(r)::text || '}' as body
  from updated l
  ${lead.joins}
  cross join lateral (select ${lead.columns}) r`;

/**
 * POST /contacts, one statement: the contact ($2 first name, $3 last name, $4 email, $5 company,
 * which must be the account's), its `contact.create` message (URL under $6) and the contact read
 * back (body null: no such company).
 */
export const createContact = `with ${token('write')},
  created as (
    insert into contacts (account_id, first_name, last_name, email, company_id, created_by_id)
    select token.account_id, $2, $3, $4, $5::bigint, token.user_id from token
    where $5::bigint is null or exists (select 1 from companies where id = $5::bigint and account_id = token.account_id)
    returning *),
  ${outbox(`insert into webhook_messages (account_id, event_type, payload, actor_id, auth_method, token_id, oauth_application_id)
    select c.account_id, 'contact.create', jsonb_build_object('id', c.id::text, 'url', $6 || c.id), token.user_id,
      token.auth_method, token.id, token.oauth_application_id
    from created c cross join token`)}
  select ${caller}, ${one('contact', contact, 'created c', 'true')} as body
  from token`;
