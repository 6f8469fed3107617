import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { showToast, toastId } from './toasts';

afterEach(() => {
  act(() => notifications.clean());
});

function renderToasts() {
  return render(
    <MantineProvider>
      <Notifications withinPortal={false} autoClose={false} />
    </MantineProvider>,
  );
}

describe('toasts', () => {
  it('derives the same id from the same text and color, and different ids otherwise', () => {
    expect(toastId({ color: 'error', message: 'request failed' })).toBe(toastId({ color: 'error', message: 'request failed' }));
    expect(toastId({ color: 'error', message: 'request failed' })).not.toBe(toastId({ color: 'warning', message: 'request failed' }));
    expect(toastId({ color: 'error', message: 'request failed' })).not.toBe(toastId({ color: 'error', message: 'request failed!' }));
  });

  it('never shows the same toast twice at once', () => {
    renderToasts();
    act(() => {
      showToast({ color: 'error', message: 'request failed' });
      showToast({ color: 'error', message: 'request failed' });
      showToast({ color: 'warning', message: 'Name is taken' });
    });
    expect(screen.getAllByText('request failed')).toHaveLength(1);
    expect(screen.getAllByText('Name is taken')).toHaveLength(1);
  });

  it('shows the request id under the message, and one toast for failures that differ only in it', () => {
    renderToasts();
    act(() => {
      showToast({ color: 'error', message: 'Key not found', requestId: 'req-1' });
      showToast({ color: 'error', message: 'Key not found', requestId: 'req-2' });
    });
    expect(notificationsStore.getState().notifications).toHaveLength(1);
    expect(screen.getByText(/Key not found/).textContent).toBe('Key not found\nRequest id: req-1');
  });

  it('closes a toast when it is clicked', () => {
    renderToasts();
    act(() => {
      showToast({ color: 'error', message: 'request failed' });
    });
    expect(notificationsStore.getState().notifications).toHaveLength(1);
    act(() => {
      fireEvent.click(screen.getByText('request failed'));
    });
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });
});
