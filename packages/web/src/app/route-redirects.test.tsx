import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect, type ParsedLocation } from '@tanstack/react-router';
import { sessionKeys } from '../lib/session';
import { sessionWith } from '../test/render';
import { fromTabQuery, fromUnknownPath, notFoundMessage, signInFirst } from './route-redirects';

afterEach(() => {
  act(() => notifications.clean());
});

function leave(pathname: string, preload: boolean): unknown {
  try {
    act(() => fromUnknownPath({ location: { pathname } as ParsedLocation, preload }));
  } catch (thrown) {
    return thrown;
  }
  throw new Error('fromUnknownPath returned instead of redirecting');
}

describe('an unknown path', () => {
  it('redirects to the first route (spec §2) and says that the page does not exist', async () => {
    render(
      <MantineProvider>
        <Notifications withinPortal={false} autoClose={false} />
      </MantineProvider>,
    );
    const thrown = leave('/no/such/page', false);
    expect(isRedirect(thrown) && thrown.options.to).toBe('/');
    expect((await screen.findByText(notFoundMessage('/no/such/page'))).textContent).toBe(
      'The page /no/such/page does not exist, so you were taken to the start page.',
    );
  });

  it('says nothing while only preloading a link to it', () => {
    render(
      <MantineProvider>
        <Notifications withinPortal={false} autoClose={false} />
      </MantineProvider>,
    );
    expect(isRedirect(leave('/no/such/page', true))).toBe(true);
    expect(screen.queryByText(/does not exist/)).toBeNull();
  });
});

describe('an old service workspace link (?section=)', () => {
  const follow = (search: Record<string, unknown>): Promise<unknown> =>
    fromTabQuery({ param: 'section', layout: '/home/service', index: 'overview', tabs: () => ['/', 'devices', 'device-groups'] })({
      location: { search } as ParsedLocation,
    }).catch((error: unknown) => error);

  it("opens the section's route, keeping the rest of the query (the devices list's filters)", async () => {
    const thrown = await follow({ section: 'devices', group: 'South', page: 2 });
    expect(isRedirect(thrown) && thrown.options).toMatchObject({ to: '/home/service/devices', search: { group: 'South', page: 2 }, replace: true });
  });

  it('opens the workspace for a section it does not know, and lets a link without one through', async () => {
    const thrown = await follow({ section: 'no-such-section', group: 'South' });
    expect(isRedirect(thrown) && thrown.options).toMatchObject({ to: '/home/service', search: {} });
    expect(await follow({ group: 'South' })).toBeUndefined();
  });

  it("opens the workspace itself for the first tab's old name, keeping the rest of the query", async () => {
    const thrown = await follow({ section: 'overview', group: 'South' });
    expect(isRedirect(thrown) && thrown.options).toMatchObject({ to: '/home/service', search: { group: 'South' } });
  });
});

describe('the OAuth consent page', () => {
  const contextWith = (session: unknown) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionKeys.all, session);
    return { queryClient, preloadScreens: vi.fn() };
  };

  it('sends a visitor without a full session to sign in, coming back to the same request', async () => {
    const thrown: unknown = await signInFirst({ context: contextWith(null), search: { uid: 'Xq3k9_TmVbA2-pLz' } }).catch((error: unknown) => error);
    expect(isRedirect(thrown) && thrown.options).toMatchObject({ to: '/login', search: { continue: '/oauth/authorize?uid=Xq3k9_TmVbA2-pLz' } });
  });

  it('opens for a signed-in user', async () => {
    await expect(signInFirst({ context: contextWith(sessionWith([])), search: { uid: 'Xq3k9_TmVbA2-pLz' } })).resolves.toBeUndefined();
  });
});
