import { health } from './admin.ts';
import { endpoints } from './endpoint.ts';

/** Liveness and readiness for load balancers and orchestrators, outside the versioned API. */
export const healthApi = endpoints({ product: 'identity', tag: 'Health' }, {
  health: {
    method: 'GET', path: '/healthz', responses: { 200: health },
    summary: 'Liveness probe', description: 'Answers while the process runs, without touching the database: for load balancers.',
  },
  ready: {
    method: 'GET', path: '/readyz', responses: { 200: health, 503: health },
    summary: 'Readiness probe', description: 'Answers 200 when the database is reachable and migrations are applied, 503 otherwise.',
  },
});
