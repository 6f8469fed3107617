import type { Server } from 'node:http';
import { createRequire } from 'node:module';

/*
 * stripe-stateful-mock ships CommonJS without types, and its express comes with it (express is not a
 * dependency of ours). Both are loaded from the mock's own location so the versions always match, and
 * typed here with just the surface the harness uses.
 */

// Stripe objects are JSON whose shape is Stripe's API reference; the harness reads and writes them field
// by field, as the mock does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

export type Req = {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Obj;
  body: Obj;
  header(name: string): string | undefined;
};
export type Res = {
  status(code: number): Res;
  json(body: unknown): void;
  type(contentType: string): Res;
  set(name: string, value: string): Res;
  send(body: unknown): void;
  end(): void;
};
type Next = (err?: unknown) => void;
export type Handler = (req: Req, res: Res, next: Next) => void;
export type Router = {
  get(path: string, ...handlers: Handler[]): Router;
  post(path: string, ...handlers: Handler[]): Router;
  delete(path: string, ...handlers: Handler[]): Router;
  options(path: string, ...handlers: Handler[]): Router;
  use(...handlers: unknown[]): Router;
};
export type App = Router & {
  listen(port: number, host: string, callback: () => void): Server;
};
type Express = {
  (): App;
  Router(): Router;
  urlencoded(options: { extended: boolean }): Handler;
};

export type RestErrorInstance = Error & { statusCode: number; error: Obj };
type RestErrorClass = new (statusCode: number, error: Obj) => RestErrorInstance;

type Repo = {
  create(accountId: string, params: Obj): Obj;
  retrieve(accountId: string, id: string, paramName: string): Obj;
  list(accountId: string, params: Obj): Obj;
  update(accountId: string, id: string, params: Obj): Obj;
};

const fromHere = createRequire(import.meta.url);
const fromMock = createRequire(fromHere.resolve('stripe-stateful-mock'));

export const express = fromMock('express') as Express;
export const mockRoutes = fromMock('./routes').routes as Router;
export const authRoute = (fromMock('./api/auth').auth as { authRoute: Handler }).authRoute;
export const idempotencyRoute = fromMock('./api/idempotency').idempotencyRoute as Handler;
export const RestError = fromMock('./api/RestError').RestError as RestErrorClass;
export const mockCustomers = fromMock('./api/customers').customers as Repo;
export const mockProducts = fromMock('./api/products').products as Repo;
export const mockPrices = fromMock('./api/prices').prices as Repo;
export const mockCharges = fromMock('./api/charges').charges as Repo;
export const mockRefunds = fromMock('./api/refunds').refunds as Repo;
export const hideUnexpanded = (fromMock('./api/utils') as { expandObject(obj: Obj, hide: string[], expand: unknown): Obj })
  .expandObject;

/** The mock keeps every object under an account id; the harness serves the platform account only. */
export const ACCOUNT = 'acct_default';
