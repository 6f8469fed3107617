import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/database.ts';
import { platformSettings } from './db/schema/platform.ts';
import * as accounts from './modules/accounts/accounts.service.ts';
import { SYSTEM_SCOPE, inScope } from './platform/tenant-scope.ts';

export const PLATFORM_ACCOUNT = {
  name: 'Keydeck Platform',
  apiName: 'keydeck-platform',
  accountSlug: 'platform',
  accountCode: 'PLATFORM',
} as const;

export type BootstrapResult = { antiForgerySecret: string; generatedAdminPassword: string | null };

/**
 * First start on an empty database: the platform operator's account and its first administrator.
 * Idempotent and safe to race: a restart never creates a second administrator or changes a password.
 */
export async function bootstrap(db: Db, admin: { username: string; password: string | undefined }): Promise<BootstrapResult> {
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    await tx
      .insert(platformSettings)
      .values({ key: 'anti_forgery_secret', value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [secret] = await tx.select().from(platformSettings).where(eq(platformSettings.key, 'anti_forgery_secret'));

    let generatedAdminPassword: string | null = null;
    const created = await accounts.createAccount(tx, { ...PLATFORM_ACCOUNT, isPlatform: true });
    if (created) {
      const password = admin.password ?? randomBytes(18).toString('base64url');
      if (!admin.password) generatedAdminPassword = password;
      await accounts.createUser(tx, created.id, {
        username: admin.username,
        name: 'Platform Administrator',
        // An address when the username is one; else a placeholder that can never receive mail.
        email: admin.username.includes('@') ? admin.username : `${admin.username}@keydeck.invalid`,
        password,
        platformAdmin: true,
      });
    }
    return { antiForgerySecret: secret!.value, generatedAdminPassword };
  });
}
