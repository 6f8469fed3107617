/** Spec §4: the selected service lives in session storage (see service-session.ts useCurrentService). */
export const CURRENT_SERVICE_KEY = 'keydeck.current_service';
