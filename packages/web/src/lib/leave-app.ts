/**
 * Leaves the single-page app for an address the server named (the authorization server on its way back to an
 * application): a full page load, not a route change.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
