import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { renderedOnce } from './sql';

const dialect = new PgDialect();

describe('renderedOnce', () => {
  it('builds once, then gives the same text with each use’s values, its own constants still parameters', () => {
    let builds = 0;
    const fragment = renderedOnce(['account', 'user'], (p) => {
      builds += 1;
      return sql`(select ${p.account}::int + ${7} where ${p.user} = ${p.account} and 'a' = ${'a'})`;
    });
    const outer = (values: { account: number; user: number }) => dialect.sqlToQuery(sql`select ${1}, ${fragment(values)} as x`);
    const first = outer({ account: 10, user: 20 });
    const second = outer({ account: 11, user: 21 });
    expect(builds).toBe(1);
    expect(first.sql).toBe(second.sql);
    expect(first.sql).toBe(`select $1, (select $2::int + $3 where $4 = $5 and 'a' = $6) as x`);
    expect(first.params).toEqual([1, 10, 7, 20, 10, 'a']);
    expect(second.params).toEqual([1, 11, 7, 21, 11, 'a']);
  });

  it('renders a fragment without parameters as its text alone', () => {
    const fragment = renderedOnce([], () => sql`now()`);
    expect(dialect.sqlToQuery(sql`select ${fragment({})}`)).toMatchObject({ sql: 'select now()', params: [] });
  });
});
