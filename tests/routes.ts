import fs from 'node:fs';
import path from 'node:path';

// The route files of app/api, as Next.js would match them: static segments before dynamic ones,
// a catch-all last (the most specific catch-all first).

export interface RouteFile {
  file: string;
  /** `/api/2023-01/leads/{id}` */
  template: string;
  pattern: RegExp;
  keys: string[];
  rank: number;
}

const appDir = path.resolve(import.meta.dirname, '..', 'app');

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full);
    return e.name === 'route.ts' ? [full] : [];
  });
}

/** Route files under app/api and app/.well-known (the OAuth metadata documents). */
export function routeFiles(): RouteFile[] {
  return [...walk(path.join(appDir, 'api')), ...walk(path.join(appDir, '.well-known'))]
    .map((file) => {
      const segments = path.relative(appDir, path.dirname(file)).split(path.sep);
      const keys: string[] = [];
      let rank = 0;
      const parts = segments.map((s) => {
        const optional = /^\[\[\.\.\.(\w+)\]\]$/.exec(s);
        if (optional) {
          keys.push(optional[1]!);
          rank += 100;
          return { re: '(.+)', tpl: `{${optional[1]}}`, optional: true };
        }
        const catchAll = /^\[\.\.\.(\w+)\]$/.exec(s);
        if (catchAll) {
          keys.push(catchAll[1]!);
          rank += 100;
          return { re: '(.+)', tpl: `{${catchAll[1]}}` };
        }
        const dynamic = /^\[(\w+)\]$/.exec(s);
        if (dynamic) {
          keys.push(dynamic[1]!);
          rank += 1;
          return { re: '([^/]+)', tpl: `{${dynamic[1]}}` };
        }
        return { re: s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), tpl: s };
      });
      // Among equals, the longer static prefix wins (/api/auth/[...all] before /api/[...path]).
      rank -= (segments.length - keys.length) / 100;
      return {
        file,
        template: '/' + parts.map((p) => p.tpl).join('/'),
        // An optional catch-all (`[[...path]]`) matches its parent path too.
        pattern: new RegExp('^' + parts.map((p) => ('optional' in p ? `(?:/${p.re})?` : `/${p.re}`)).join('') + '$'),
        keys,
        rank,
      };
    })
    .sort((a, b) => a.rank - b.rank);
}
