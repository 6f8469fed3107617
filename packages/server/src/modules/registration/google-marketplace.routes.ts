import { registrationApi } from '@keydeck/contract/registration.api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { declared } from '../../platform/endpoint-route.ts';
import { parseForm } from '../../platform/text-input.ts';

/** The form field Google Cloud Marketplace posts the buyer's JWT in when it sends them to the sign-up URL. */
const GOOGLE_TOKEN_FIELD = 'x-gcp-marketplace-token';
const landingForm = z.object({ [GOOGLE_TOKEN_FIELD]: z.string().trim().min(1).max(4096) });

/**
 * Google Cloud Marketplace opens the sign-up page with a cross-site form POST. The console is a single-page
 * app that reads its query, so the token is moved there with a 303 to the same page (the request log
 * redacts `token=`). Nothing changes here, so the anti-forgery check, which only guards /rest/, is not needed.
 */
export function registerGoogleMarketplaceLanding(app: FastifyInstance): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) => {
      try {
        done(null, parseForm(body));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    scope.route({
      ...declared(registrationApi.googleMarketplaceLanding),
      handler: async (request, reply) => {
        const form = landingForm.safeParse(request.body);
        const query = form.success ? `?${new URLSearchParams({ token: form.data[GOOGLE_TOKEN_FIELD] })}` : '';
        return reply.redirect(`/google-marketplace${query}`, 303);
      },
    });
  });
}
