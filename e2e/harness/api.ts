import type { Page } from 'playwright-core';

/**
 * Seeds data through the API with the page's own session (its cookies and anti-forgery token), the
 * way the console would send it. Throws on any answer that is not 2xx.
 */
export async function apiCall<T = unknown>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'VCSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(path, { method, data: body, headers: { 'X-VCSRF-TOKEN': csrf } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Fields of a valid new account, unique by `key`. */
export function accountFields(key: string, name = `E2E ${key}`) {
  const slug = key.toLowerCase();
  return { name, api_name: slug, account_slug: slug, account_code: key.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 16) };
}
