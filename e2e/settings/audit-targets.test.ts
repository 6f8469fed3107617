import { describe, expect, it } from 'vitest';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { field } from '../harness/form';
import { createDemoService } from '../harness/services';
import { Demo, signIn } from '../harness/sign-in';
import { rows, settled } from '../harness/table';

const browser = useBrowser();
const AUDIT = '/v2/home/audit-logs';

describe('audit log targets', () => {
  it("names a selected service, not its id, at 1440 and 768 px; the id is on hover and in the details", async () => {
    const { page } = browser;
    const serviceId = await createDemoService(page, 'Audit Named Service');
    await signIn(page, Demo.admin.username);
    await apiCall(page, api.services.selectCurrentService, { body: { service_id: serviceId } });
    await page.goto(`${AUDIT}?action=service.select`);
    await settled(page, 'Audit events');
    for (const width of [1440, 768]) {
      await page.setViewportSize({ width, height: 900 });
      const row = rows(page, 'Audit events').filter({ hasText: 'Audit Named Service' }).first();
      await row.waitFor();
      expect(await row.textContent()).not.toContain(serviceId);
      const target = row.getByText('Audit Named Service');
      expect(await target.getAttribute('title')).toBe(serviceId);
      // Nothing sits over the target once it is in view (a pinned column at the right edge once did at 768 px).
      await target.scrollIntoViewIfNeeded();
      const box = (await target.boundingBox())!;
      const covered = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? '', { x: box.x + box.width - 2, y: box.y + box.height / 2 });
      expect(covered).toBe('Audit Named Service');
      await page.screenshot({ path: `/tmp/shots/audit-targets-${width}.png` });
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await rows(page, 'Audit events').filter({ hasText: 'Audit Named Service' }).first().getByRole('button', { name: /^View event \d+$/ }).click();
    const details = page.getByTestId('audit-event-details');
    await details.waitFor();
    expect(await details.textContent()).toContain(serviceId);
    expect(await field(page, 'Outcome').locator('option', { hasText: 'partial' }).count()).toBe(1);
  });
});
