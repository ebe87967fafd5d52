import { readFileSync, writeFileSync } from 'node:fs';
import { can, PERMISSIONS, ROLES, type Permission } from '@care/events';

/**
 * `npm run permissions-table`: rewrites the "Roles and permissions" table of docs/features/accounts-and-roles.md from
 * the matrix in events/src/access/permissions.ts, one column per role. A row keeps its "what it allows" text from the
 * document when it has one; a new permission starts from the matrix's description. The unit test
 * events/src/access/permissions.unit.test.ts still checks the two agree.
 */
const ROLES_DOC = new URL('../docs/features/accounts-and-roles.md', import.meta.url);
const lines = readFileSync(ROLES_DOC, 'utf8').split('\n');
const start = lines.findIndex((line) => line.startsWith('| permission |'));
if (start === -1) throw new Error('docs/features/accounts-and-roles.md: no "| permission |" table header');
let end = start + 2;
while (end < lines.length && lines[end]!.startsWith('| `')) end += 1;

const described = new Map<string, string>();
for (const line of lines.slice(start + 2, end)) {
  const cells = line.split(' | ');
  const name = /^\| `([^`]+)`/.exec(line)?.[1];
  if (name) described.set(name, cells[cells.length - 1]!.replace(/ \|$/, ''));
}
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const rows = (Object.keys(PERMISSIONS) as Permission[]).map((permission) => {
  const cells = ROLES.map((role) => (can(role, permission) ? 'yes' : 'no'));
  const what = described.get(permission) ?? lowerFirst(PERMISSIONS[permission].description);
  return `| \`${permission}\` | ${cells.join(' | ')} | ${what} |`;
});
const table = [
  `| permission | ${ROLES.join(' | ')} | what it allows |`,
  `|---|${ROLES.map(() => '---|').join('')}---|`,
  ...rows,
];
lines.splice(start, end - start, ...table);
writeFileSync(ROLES_DOC, lines.join('\n'));
console.log(`docs/features/accounts-and-roles.md: ${rows.length} permissions × ${ROLES.length} roles`);
