import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { Demo, signIn } from '../harness/sign-in';

const browser = useBrowser();

describe('a cloud HSM link that leads nowhere', () => {
  for (const [what, id] of [['an unknown id', randomUUID()], ['a malformed id', 'not-an-hsm']] as const) {
    it(`says that no such HSM exists for ${what}, with a way back`, async () => {
      const { page } = browser;
      await signIn(page, Demo.admin.username);
      await page.goto(`/v2/home/services/cloud-hsm-management/${id}`);
      await page.getByText(CloudHsmMessages.hsmNotFound).waitFor();
      expect(await page.getByText('The request is not valid.').count()).toBe(0);
      await page.getByRole('link', { name: 'All cloud HSMs' }).click();
      await page.waitForURL((url) => url.pathname === '/chc');
      await page.goBack();
      await page.getByText(CloudHsmMessages.hsmNotFound).waitFor();
      await page.screenshot({ path: `/tmp/shots/cloud-hsm-not-found-${id.length}.png`, fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }
});
