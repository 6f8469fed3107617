import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { isRedirect, type ParsedLocation } from '@tanstack/react-router';
import { fromUnknownPath, notFoundMessage } from './route-redirects';

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
