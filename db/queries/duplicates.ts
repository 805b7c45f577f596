import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { companies, contacts } from '@/db/schema';
import { normalisedCompanyName } from '@/db/schema/companies';

export { normalisedCompanyName };
import { rows } from './sql';

// Likely duplicates among the account's companies or contacts (docs/merge.md): pairs of records
// alike by a rule, in one statement; the service groups them.

/** How alike two company names must be (pg_trgm's similarity of their normalised forms). */
export const NAME_SIMILARITY = 0.6;

/** A web address's host without `www.`: `https://www.harborpoint.com/about` → `harborpoint.com`; null when there is none. */
export const websiteDomain = (website: unknown) =>
  sql`nullif(lower(substring(${website} from '^(?:[a-zA-Z][a-zA-Z0-9+.-]*://)?(?:www\\.)?([^/:?#\\s]+)')), '')`;

/** A phone's last ten digits (a country code or formatting apart), when it has at least seven. */
export const phoneDigits = (phone: unknown) =>
  sql`case when length(regexp_replace(${phone}, '\\D', '', 'g')) >= 7 then right(regexp_replace(${phone}, '\\D', '', 'g'), 10) end`;

export interface DuplicatePair {
  a: number;
  b: number;
  /** Name similarity (companies), when at least NAME_SIMILARITY. */
  similarity: number | null;
  sameDomain: boolean;
  samePhone: boolean;
  sameEmail: boolean;
  sameNameInCompany: boolean;
}

type PairRow = { a: string; b: string; similarity: number | null; same_domain: boolean; same_phone: boolean; same_email: boolean; same_name: boolean };

const toPair = (r: PairRow): DuplicatePair => ({
  a: Number(r.a),
  b: Number(r.b),
  similarity: r.similarity === null ? null : Number(r.similarity),
  sameDomain: r.same_domain,
  samePhone: r.same_phone,
  sameEmail: r.same_email,
  sameNameInCompany: r.same_name,
});

/**
 * Companies of the account alike by name (the trigram index on the normalised name finds each
 * one's look-alikes), web domain or phone: each pair once (a < b).
 */
export async function companyPairs(db: Db, accountId: number): Promise<DuplicatePair[]> {
  const norm = (t: string) => normalisedCompanyName(sql.raw(`${t}.name`));
  const found = await rows<PairRow>(
    db,
    sql`with c as (
      select ${companies.id} as id, ${websiteDomain(companies.website)} as domain, ${phoneDigits(companies.phone)} as digits
      from ${companies} where ${companies.accountId} = ${accountId}
    ), p as (
      select a.id as a, b.id as b, 'name' as why, similarity(${norm('a')}, ${norm('b')}) as similarity
      from ${companies} a join ${companies} b on b.account_id = a.account_id and b.id > a.id and ${norm('b')} % ${norm('a')}
      where a.account_id = ${accountId} and ${norm('a')} <> '' and similarity(${norm('a')}, ${norm('b')}) >= ${NAME_SIMILARITY}
      union all
      select a.id, b.id, 'domain', null from c a join c b on a.domain = b.domain and a.id < b.id
      union all
      select a.id, b.id, 'phone', null from c a join c b on a.digits = b.digits and a.id < b.id
    )
    select a, b, round(max(similarity)::numeric, 2)::float8 as similarity, bool_or(why = 'domain') as same_domain, bool_or(why = 'phone') as same_phone,
      false as same_email, false as same_name
    from p group by a, b`,
  );
  return found.map(toPair);
}

/** Contacts of the account with the same email (any case), the same name in one company, or the same mobile phone. */
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
    )
    select a, b, null::float8 as similarity, false as same_domain, bool_or(why = 'phone') as same_phone,
      bool_or(why = 'email') as same_email, bool_or(why = 'name') as same_name
    from p group by a, b`,
  );
  return found.map(toPair);
}
