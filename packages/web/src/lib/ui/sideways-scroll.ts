import { useEffect, useState } from 'react';

/**
 * A table wider than its place scrolls sideways; a keyboard user reaches that scroll through a tab stop on it
 * (WCAG 2.1.1, axe's scrollable-region-focusable), named after the table. Only while it does scroll: a table that
 * fits adds no tab stop. It answers the scrolling element's ref and its props.
 */
export function useSidewaysScroll(label: string) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!element) return undefined;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    // The place (the element) and what it holds (its child, as wide as the table) each change what fits.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [element]);
  const props = scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrolls sideways` } : {};
  return [setElement, props] as const;
}
