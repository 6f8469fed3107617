import { getRouteApi } from '@tanstack/react-router';
import { OAuthConsent } from '../components/oauth-consent';

const route = getRouteApi('/login-group/oauth/authorize');

/** Spec §2 /oauth/authorize: the consent page an application sends a signed-in user to (signed out, sign-in comes first). */
export function OAuthAuthorizePage() {
  const { uid } = route.useSearch();
  return <OAuthConsent uid={uid} />;
}
