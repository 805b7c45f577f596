import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { companies, contacts } from '@/db/schema';

import { rows } from './sql';

// Likely duplicates among the account's companies or contacts (docs/merge.md): pairs of records
// alike by a rule, in one statement; the service groups them.

/** How alike two company names must be (pg_trgm's similarity of their normalised forms, `companies.name_key`). */
export const NAME_SIMILARITY = 0.6;

/** A web address's host without `www.`: `https://www.harborpoint.com/about` → `harborpoint.com`; null when there is none. */
export const websiteDomain = (website: unknown) =>
  sql`nullif(lower(substring(${website} from '^(?:[a-zA-Z][a-zA-Z0-9+.-]*://)?(?:www\\.)?([^/:?#\\s]+)')), '')`;

/** A phone's last ten digits (a country code or formatting apart), when it has at least seven. */
export const phoneDigits = (phone: unknown) =>
  sql`case when length(regexp_replace(${phone}, '\\D', '', 'g')) >= 7 then right(regexp_replace(${phone}, '\\D', '', 'g'), 10) end`;

/** A record of a pair, as its reference reads it. */
export interface PairRecord {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  name: string | null;
  website?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export interface DuplicatePair {
  a: PairRecord;
  b: PairRecord;
  /** Name similarity (companies), when at least NAME_SIMILARITY. */
  similarity: number | null;
  sameDomain: boolean;
  samePhone: boolean;
  sameEmail: boolean;
  sameNameInCompany: boolean;
}

type RecordJson = {
  id: string;
  created_at: string;
  updated_at: string;
  name: string | null;
  website?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
};
type PairRow = { a: RecordJson; b: RecordJson; similarity: number | null; same_domain: boolean; same_phone: boolean; same_email: boolean; same_name: boolean };

const record = (r: RecordJson): PairRecord => ({
  id: Number(r.id),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  name: r.name,
  ...(r.website !== undefined && { website: r.website }),
  ...(r.first_name !== undefined && { firstName: r.first_name, lastName: r.last_name ?? null, email: r.email ?? null }),
});

const toPair = (r: PairRow): DuplicatePair => ({
  a: record(r.a),
  b: record(r.b),
  similarity: r.similarity === null ? null : Number(r.similarity),
  sameDomain: r.same_domain,
  samePhone: r.same_phone,
  sameEmail: r.same_email,
  sameNameInCompany: r.same_name,
});

const companyJson = (t: string) =>
  sql.raw(`json_build_object('id', ${t}.id::text, 'created_at', ${t}.created_at, 'updated_at', ${t}.updated_at, 'name', ${t}.name, 'website', ${t}.website)`);
const contactJson = (t: string) =>
  sql.raw(
    `json_build_object('id', ${t}.id::text, 'created_at', ${t}.created_at, 'updated_at', ${t}.updated_at, 'name', null, 'first_name', ${t}.first_name, 'last_name', ${t}.last_name, 'email', ${t}.email)`,
  );

/**
 * Companies of the account alike by name (the stored `name_key` and its trigram index), web domain
 * or phone: each pair once (a < b), with both records, in one statement. The name join first sets
 * pg_trgm's threshold to NAME_SIMILARITY for this statement alone (a one-time filter, run before
 * the join reads a row; `set_config(…, true)` ends with the statement's transaction), so the index
 * finds only the look-alikes that count instead of every name 0.3 alike.
 */
export async function companyPairs(db: Db, accountId: number): Promise<DuplicatePair[]> {
  const found = await rows<PairRow>(
    db,
    sql`with c as (
      select ${companies.id} as id, ${websiteDomain(companies.website)} as domain, ${phoneDigits(companies.phone)} as digits
      from ${companies} where ${companies.accountId} = ${accountId}
    ), p as (
      select a.id as a, b.id as b, 'name' as why, similarity(a.name_key, b.name_key) as similarity
      from ${companies} a join ${companies} b on b.account_id = a.account_id and b.id > a.id and b.name_key % a.name_key
      where (select set_config('pg_trgm.similarity_threshold', ${String(NAME_SIMILARITY)}, true)) is not null
        and a.account_id = ${accountId} and a.name_key <> '' and similarity(a.name_key, b.name_key) >= ${NAME_SIMILARITY}
      union all
      select a.id, b.id, 'domain', null from c a join c b on a.domain = b.domain and a.id < b.id
      union all
      select a.id, b.id, 'phone', null from c a join c b on a.digits = b.digits and a.id < b.id
    ), g as (
      select a, b, round(max(similarity)::numeric, 2)::float8 as similarity, bool_or(why = 'domain') as same_domain, bool_or(why = 'phone') as same_phone
      from p group by a, b
    )
    select ${companyJson('x')} as a, ${companyJson('y')} as b, g.similarity, g.same_domain, g.same_phone, false as same_email, false as same_name
    from g join ${companies} x on x.id = g.a join ${companies} y on y.id = g.b`,
  );
  return found.map(toPair);
}

/** Contacts of the account with the same email (any case), the same name in one company, or the same mobile phone, with both records. */
export async function contactPairs(db: Db, accountId: number): Promise<DuplicatePair[]> {
  const found = await rows<PairRow>(
    db,
    sql`with c as (
      select id, lower(nullif(btrim(email), '')) as email, company_id, ${phoneDigits(contacts.mobilePhone)} as digits,
        nullif(lower(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))), '') as name
      from ${contacts} where ${contacts.accountId} = ${accountId}
    ), p as (
      select a.id as a, b.id as b, 'email' as why from c a join c b on a.email = b.email and a.id < b.id
      union all
      select a.id, b.id, 'name' from c a join c b on a.company_id = b.company_id and a.name = b.name and a.id < b.id
      union all
      select a.id, b.id, 'phone' from c a join c b on a.digits = b.digits and a.id < b.id
    ), g as (
      select a, b, bool_or(why = 'phone') as same_phone, bool_or(why = 'email') as same_email, bool_or(why = 'name') as same_name from p group by a, b
    )
    select ${contactJson('x')} as a, ${contactJson('y')} as b, null::float8 as similarity, false as same_domain, g.same_phone, g.same_email, g.same_name
    from g join ${contacts} x on x.id = g.a join ${contacts} y on y.id = g.b`,
  );
  return found.map(toPair);
}
