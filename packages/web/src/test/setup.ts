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

// Also missing in jsdom: Combobox scrolls the active option into view; Textarea autosize listens for font loads.
Element.prototype.scrollIntoView ??= () => {};
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
