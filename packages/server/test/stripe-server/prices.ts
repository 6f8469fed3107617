import type { Router } from './mock.ts';
import { ACCOUNT, express, mockPrices } from './mock.ts';
import type { Store } from './store.ts';
import { expand, expandParam } from './store.ts';

/** The mock's price reads, plus Stripe's expand (`data.product` on a list, `product` on one price). */
export function priceRoutes(store: Store): Router {
  const r = express.Router();
  r.get('/v1/prices', (req, res) => {
    const { expand: _expand, ...query } = req.query;
    res.json(expand(store, { ...mockPrices.list(ACCOUNT, query), url: '/v1/prices' }, expandParam(req)));
  });
  r.get('/v1/prices/:id', (req, res) => {
    res.json(expand(store, mockPrices.retrieve(ACCOUNT, req.params.id!, 'id'), expandParam(req)));
  });
  return r;
}
