import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has neither; Mantine reads media queries for the color scheme and observes element sizes.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
