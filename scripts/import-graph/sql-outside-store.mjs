// "SQL never leaves store/": string and template literals in the packages' sources (tests aside)
// that hold an SQL statement, outside packages/server/src/store/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const STORE = /^packages\/server\/src\/store\//;
const LITERAL = /`(?:\\[\s\S]|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g;
// Upper-case statement shapes, as this repository writes SQL; prose such as "select a date from
// the list" does not match.
const STATEMENT =
  /\b(SELECT\s[\s\S]*?\bFROM\b|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|(CREATE|ALTER|DROP)\s+(TABLE|INDEX|SCHEMA)\b|FOR\s+UPDATE\s+SKIP\s+LOCKED)/;

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'generated') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.[cm]?[jt]s$/.test(entry) && !/\.test(-d)?\.|\.d\.[cm]?ts$/.test(entry)) out.push(path);
  }
  return out;
}

export function sqlOutsideStore(root) {
  const violations = [];
  const packages = join(root, 'packages');
  for (const pkg of readdirSync(packages)) {
    const src = join(packages, pkg, 'src');
    if (!statSync(join(packages, pkg)).isDirectory()) continue;
    let files;
    try {
      files = sourceFiles(src);
    } catch {
      continue;
    }
    for (const file of files) {
      const path = relative(root, file);
      if (STORE.test(path)) continue;
      for (const literal of readFileSync(file, 'utf8').match(LITERAL) ?? []) {
        const statement = literal.match(STATEMENT);
        if (statement) {
          violations.push({
            rule: 'sql-only-in-store',
            from: path,
            to: '',
            detail: statement[0].slice(0, 60),
          });
        }
      }
    }
  }
  return violations;
}
