import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { Demo, signIn, signInAsPlatformAdmin } from '../harness/sign-in';

const browser = useBrowser();

describe('home page recent activity', () => {
  it("shows a platform administrator only their own company's events, not another company's newer ones", async () => {
    const { page, context } = browser;
    // A customer's sign-in: an event of the Demo Company, newer than anything else once the platform admin signs in.
    await signIn(page, Demo.admin.username);
    await context.clearCookies();
    await signInAsPlatformAdmin(page);
    await context.clearCookies();
    await signIn(page, Demo.viewer.username);
    await context.clearCookies();
    await signInAsPlatformAdmin(page);

    const card = page.getByTestId('home-recent-events');
    await card.getByText('auth.login').first().waitFor();
    const text = await card.textContent();
    expect(text).not.toContain(Demo.viewer.username);
    expect(text).not.toContain(Demo.admin.username);
    await page.screenshot({ path: '/tmp/shots/home-platform-admin.png', fullPage: true });
  });
});
