import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStripePage } from '@keydeck/contract/stripe-pages';
import type { Db } from '../db/database.ts';
import { auditRefusal } from './error-handler.ts';
import { notFound } from './errors.ts';

/**
 * Security headers for everything (Stripe's sources only on the pages that take a card), the built console from
 * webDist, and the single-page-app fallback: any other GET for a page answers index.html so the client router can
 * take over; anything else is a 404.
 */
export async function registerWebApp(app: FastifyInstance, db: Db, webDist: string): Promise<void> {
  const indexFile = join(webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (!indexHtml) app.log.warn({ webDist }, 'web console not built: serving the API only');

  // Computed once per policy: helmet's middleware per request would re-parse the policy on every API call (a tenth
  // of the signed-in hot path's CPU). Every answer carries them, refusals and 404s included.
  const scriptHashes = inlineScriptHashes(indexHtml ?? '');
  const securityHeaders = headersOf(helmet(helmetOptions(strictPolicy(scriptHashes))));
  const stripePageHeaders = headersOf(helmet(helmetOptions(withStripe(strictPolicy(scriptHashes)))));
  // onSend: it runs for every answer, also one refused by an earlier onRequest hook.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(isStripePage(request.url.split('?', 1)[0]!) ? stripePageHeaders : securityHeaders);
    done(null, payload);
  });

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true, // the web build writes .br and .gz beside each asset
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/, so those never change; anything else is revalidated.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (indexHtml && request.method === 'GET' && !request.url.startsWith('/rest/')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    const error = notFound();
    await auditRefusal(db, request, { status: 404, reason: 'unknown_route' });
    return reply.status(404).send({ message: error.message, request_id: request.id });
  });
}

type Directives = Record<string, string[] | null>;

function strictPolicy(scriptHashes: string[]): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"], // Mantine sets style attributes at run time
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null, // the console may be served over plain HTTP on a private network
  };
}

/**
 * The strict policy plus the sources Stripe documents for Stripe.js (docs.stripe.com/security/guide): its script
 * hosts, its frames (the card field, 3-D Secure) and its API. Not maps.googleapis.com: only the address element
 * needs it, and the console does not use that element.
 */
function withStripe(policy: Directives): Directives {
  const stripeJs = ['https://js.stripe.com', 'https://*.js.stripe.com'];
  return {
    ...policy,
    scriptSrc: [...(policy.scriptSrc ?? []), ...stripeJs],
    frameSrc: [...stripeJs, 'https://hooks.stripe.com'],
    connectSrc: [...(policy.connectSrc ?? []), 'https://api.stripe.com'],
  };
}

function helmetOptions(directives: Directives): Parameters<typeof helmet>[0] {
  return { contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false };
}

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim().length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/** The headers a helmet middleware sets, read once by running it against a response that only records them. */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}
