import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { SERVICE_TYPE_DESCRIPTIONS, SERVICE_TYPES, type ServiceType } from '@keydeck/contract/services';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { ServiceCataloguePage } from './service-catalogue.page';

const TYPES = Object.keys(SERVICE_TYPES) as ServiceType[];

function setup() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    jsonResponse(200, {
      data: [],
      total: 0,
      service_locations: [{ id: 'eu', name: 'Europe' }],
      server_locations: [],
      services_available: TYPES.map((type) => ({ type, type_name: SERVICE_TYPES[type] })),
      environments: ['production'],
      current_service_id: null,
    }),
  );
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: 'key-management-services', component: ServiceCataloguePage });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/key-management-services'] }) });
  renderWithSession(<RouterProvider router={router as never} />, sessionWith([]));
}

describe('the service catalogue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says in one line what each of the 22 service types is for', async () => {
    setup();
    const available = await screen.findByRole('region', { name: 'Available services' });
    expect(await within(available).findAllByRole('article')).toHaveLength(22);
    for (const type of TYPES) {
      const card = within(available).getByRole('article', { name: SERVICE_TYPES[type] });
      expect(within(card).getByText(SERVICE_TYPE_DESCRIPTIONS[type])).toBeTruthy();
    }
    expect(new Set(Object.values(SERVICE_TYPE_DESCRIPTIONS)).size).toBe(22);
  });

  it('says what an account without services can do', async () => {
    setup();
    expect(await screen.findByText('Your account has no services yet. Choose a type above and request it: it is provisioned once a platform administrator approves it.')).toBeTruthy();
  });
});
