import { randomBytes } from 'node:crypto';
import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { createAccount, createUser, findAccountBySlug, type UserInput } from './modules/accounts/accounts.service.ts';
import { SYSTEM_SCOPE, inScope } from './platform/tenant-scope.ts';

/** `npm run seed:demo`: a populated demo customer account for newcomers. Safe to run again. */
const admin = BUILT_IN_ROLES.accountAdministrator.name;
const readOnly = BUILT_IN_ROLES.readOnly.name;

const DEMO_USERS: Omit<UserInput, 'password' | 'email'>[] = [
  { username: 'demo.admin', name: 'Ada Admin', roleNames: [admin] },
  { username: 'demo.viewer', name: 'Vic Viewer', roleNames: [readOnly] },
  { username: 'demo.newcomer', name: 'Nia Newcomer', roleNames: [] },
  { username: 'demo.enforced', name: 'Erin Enforced', roleNames: [readOnly], mfaEnforced: true },
  { username: 'demo.security', name: 'Sam Security', roleNames: [admin] },
  { username: 'demo.operator', name: 'Omar Operator', roleNames: [readOnly] },
  { username: 'demo.auditor', name: 'Aiko Auditor', roleNames: [readOnly] },
  { username: 'demo.finance', name: 'Fern Finance', roleNames: [readOnly] },
  { username: 'demo.devops', name: 'Dev Ops', roleNames: [admin] },
  { username: 'demo.support', name: 'Suki Support', roleNames: [readOnly] },
  { username: 'demo.signing', name: 'Sig Signer', roleNames: [readOnly] },
  { username: 'demo.payments', name: 'Pat Payments', roleNames: [readOnly] },
];

const config = loadConfig();
const password = process.env.DEMO_PASSWORD ?? randomBytes(12).toString('base64url');
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();

const created = await inScope(database.db, SYSTEM_SCOPE, async (tx) => {
  const account =
    (await createAccount(tx, { name: 'Demo Company', apiName: 'demo-company', accountSlug: 'demo', accountCode: 'DEMO01' })) ??
    (await findAccountBySlug(tx, 'demo'))!;
  const names: string[] = [];
  for (const user of DEMO_USERS) {
    const row = await createUser(tx, account.id, { ...user, email: `${user.username}@demo.example`, password });
    if (row) names.push(user.username);
  }
  return names;
});
await database.close();

if (created.length === 0) {
  process.stdout.write('The demo account is already populated; nothing changed.\n');
} else {
  process.stdout.write(`Demo Company (account slug 'demo'): created ${created.join(', ')}\n`);
  if (!process.env.DEMO_PASSWORD) process.stdout.write(`Their password: ${password}\n`);
}
