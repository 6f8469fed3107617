/** Spec §4: the selected service lives in session storage; a 403 from its data layer clears it (spec §8). */
export const CURRENT_SERVICE_KEY = 'keydeck.current_service';

export function clearCurrentService(): void {
  sessionStorage.removeItem(CURRENT_SERVICE_KEY);
}
