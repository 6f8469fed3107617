import { useEffect, useRef } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { CSRF_HEADER } from '@keydeck/contract/http';
import { currentCsrfToken } from '../../../lib/csrf';
import { documentUrl, type ApiDoc } from '../api-docs.products';

/**
 * Scalar's interactive reference for one product. "Try it" calls this origin: the browser sends the session
 * cookie, and this adds the anti-forgery header from the VCSRF-TOKEN cookie (read per request, since sign-in
 * rotates it) unless the user chose a bearer token, which needs no cookie and no anti-forgery header.
 */
export function ApiReference({ doc }: { doc: ApiDoc }) {
  const frame = useRef<HTMLDivElement>(null);
  // Scalar keeps a color mode of its own (the system's unless forced): it follows the console's. It reads the forced
  // mode only when it starts, so a switch here starts it again (the key).
  const scheme = useComputedColorScheme('light');
  // Scalar renders a <main> of its own inside the shell's: the page must keep one main landmark, so its becomes a region.
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const demote = () => root.querySelectorAll('main:not([role])').forEach((main) => main.setAttribute('role', 'region'));
    const observer = new MutationObserver(demote);
    observer.observe(root, { childList: true, subtree: true });
    demote();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={frame} data-testid="api-reference" aria-label={`${doc.label} API reference`} role="region">
      <ApiReferenceReact
        key={scheme}
        configuration={{
          url: documentUrl(doc),
          baseServerURL: window.location.origin,
          withDefaultFonts: false,
          hideClientButton: true,
          hideDarkModeToggle: true,
          forceDarkModeState: scheme,
          persistAuth: false,
          // Nothing here may call out of this origin (the console's CSP forbids it anyway): no AI agent, no hosted tools.
          agent: { disabled: true },
          showDeveloperTools: 'never',
          onRequestBuilt: ({ request }) => {
            const authorization = request.headers.get('authorization');
            // An empty bearer (nothing pasted) would turn a session call into a refused token call.
            if (authorization !== null && !/^Bearer\s+\S+/i.test(authorization)) request.headers.delete('authorization');
            const token = currentCsrfToken();
            if (!request.headers.has('authorization') && token) request.headers.set(CSRF_HEADER, token);
          },
        }}
      />
    </div>
  );
}
