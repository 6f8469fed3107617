import { randomBytes } from 'node:crypto';
import type { Obj, Req } from './mock.ts';
import { ACCOUNT, RestError, hideUnexpanded, mockCharges, mockCustomers, mockPrices, mockProducts, mockRefunds } from './mock.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-looking id: prefix, underscore, 24 base62 characters. */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${[...randomBytes(length)].map((b) => BASE62[b % 62]).join('')}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's names for objects in its "No such ..." messages. */
const NAMES: Record<string, string> = { payment_method: 'PaymentMethod', setup_intent: 'setupintent' };

/** A missing object: 404 when the path names it, 400 when a parameter does (as the mock does for sources). */
export function notFound(kind: string, id: string, param = 'id'): never {
  throw new RestError(param === 'id' ? 404 : 400, {
    code: 'resource_missing',
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
    message: `No such ${NAMES[kind] ?? kind}: '${id}'`,
    param,
    type: 'invalid_request_error',
  });
}

export function invalidRequest(message: string, param?: string, code?: string): never {
  throw new RestError(400, { message, type: 'invalid_request_error', ...(param ? { param } : {}), ...(code ? { code } : {}) });
}

/**
 * The objects the harness adds beside the mock's (which keeps customers, products, prices, charges and
 * refunds). One store per started server, so each test file gets a clean Stripe account for these.
 */
export class Store {
  private seq = 0;
  readonly objects = new Map<string, Obj>();
  /** Insertion order, so lists of objects created in the same second keep Stripe's newest-first order. */
  private readonly order = new Map<string, number>();

  /** The harness's base URL, known once it listens; invoice links point at it. */
  url = '';

  put<T extends Obj>(obj: T): T {
    this.objects.set(obj.id, obj);
    this.order.set(obj.id, ++this.seq);
    return obj;
  }

  get(kind: string, id: string, param = 'id'): Obj {
    const found = typeof id === 'string' ? this.objects.get(id) : undefined;
    if (!found || found.object !== kind) notFound(kind, String(id), param);
    return found;
  }

  all(kind: string, keep: (obj: Obj) => boolean = () => true): Obj[] {
    return [...this.objects.values()]
      .filter((o) => o.object === kind && keep(o))
      .sort((a, b) => (this.order.get(b.id) ?? 0) - (this.order.get(a.id) ?? 0));
  }

  /** Any object by id: the harness's own, or the mock's by id prefix. */
  resolve(id: string): Obj | undefined {
    const own = this.objects.get(id);
    if (own) return own;
    const fromMock: Record<string, (id: string) => Obj> = {
      cus: (i) => hideUnexpanded(mockCustomers.retrieve(ACCOUNT, i, 'id'), ['sources', 'subscriptions'], []),
      prod: (i) => mockProducts.retrieve(ACCOUNT, i, 'id'),
      price: (i) => mockPrices.retrieve(ACCOUNT, i, 'id'),
      ch: (i) => mockCharges.retrieve(ACCOUNT, i, 'id'),
      re: (i) => mockRefunds.retrieve(ACCOUNT, i, 'id'),
    };
    const lookup = fromMock[id.split('_')[0] ?? ''];
    return lookup ? lookup(id) : undefined;
  }
}

/** Stripe's list envelope with limit / starting_after / ending_before. */
export function listOf(data: Obj[], query: Obj, url: string): Obj {
  let items = data;
  const limit = Math.min(Math.max(Number(query.limit ?? 10), 1), 100);
  if (query.starting_after) {
    const at = items.findIndex((o) => o.id === query.starting_after);
    items = at < 0 ? [] : items.slice(at + 1);
  } else if (query.ending_before) {
    const at = items.findIndex((o) => o.id === query.ending_before);
    items = at < 0 ? [] : items.slice(Math.max(0, at - limit), at);
  }
  return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
}

/** Stripe's range filter on a timestamp: a number, or {gt, gte, lt, lte}. */
export function inRange(value: number, filter: unknown): boolean {
  if (filter === undefined || filter === '') return true;
  if (typeof filter !== 'object' || filter === null) return value === Number(filter);
  const f = filter as Record<string, string>;
  return (
    (f.gt === undefined || value > Number(f.gt)) &&
    (f.gte === undefined || value >= Number(f.gte)) &&
    (f.lt === undefined || value < Number(f.lt)) &&
    (f.lte === undefined || value <= Number(f.lte))
  );
}

export function expandParam(req: Req): string[] {
  const raw = req.method === 'GET' ? req.query.expand : req.body.expand;
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : Object.values(raw as Obj)).map(String);
}

/**
 * A copy of `obj` with the `expand` paths replaced by the objects they name (`data.` walks a list), as
 * Stripe's expand parameter does. Invoices' `payments` exist only when expanded, as on Stripe.
 */
export function expand(store: Store, obj: Obj, paths: string[]): Obj {
  const copy = structuredClone(obj);
  for (const path of paths) expandPath(store, copy, path.split('.'));
  return copy;
}

function expandPath(store: Store, obj: Obj, parts: string[]): void {
  const [head, ...rest] = parts;
  if (!head || !obj || typeof obj !== 'object') return;
  if (head === 'data' && obj.object === 'list') {
    for (const item of obj.data as Obj[]) expandPath(store, item, rest);
    return;
  }
  if (obj.object === 'invoice' && head === 'payments' && !obj.payments) {
    const payments = store.all('invoice_payment', (p) => p.invoice === obj.id);
    obj.payments = { object: 'list', data: structuredClone(payments), has_more: false, url: `/v1/invoices/${obj.id}/payments` };
  }
  const value = obj[head];
  if (typeof value === 'string') {
    const target = store.resolve(value);
    if (!target) invalidRequest(`This property cannot be expanded (${parts.join('.')}).`, 'expand');
    obj[head] = structuredClone(target);
  }
  if (rest.length) expandPath(store, obj[head] as Obj, rest);
}

export function stringMetadata(metadata: unknown): Record<string, string> {
  if (!metadata || typeof metadata !== 'object') return {};
  return Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, String(v)]));
}
