import type { FastifyRequest } from 'fastify';

/**
 * What a route's preHandler hands its handler through `request.prepared`, typed once per route: the one place
 * the untyped decoration is read back as what was stored.
 */
export function preparedValue<T>() {
  return {
    set: (request: FastifyRequest, value: T): void => {
      request.prepared = value;
    },
    of: (request: FastifyRequest): T => request.prepared as T,
  };
}
