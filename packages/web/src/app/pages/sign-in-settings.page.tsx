import { MfaSettingsPage } from '../../features/mfa/pages/mfa-settings.page';
import { ConnectedAppsCard } from '../../features/oauth/components/connected-apps-card';

/** Settings › Sign-in & MFA: the user's own second factors, and the applications they allowed to act for them. */
export function SignInSettingsPage() {
  return (
    <MfaSettingsPage>
      <ConnectedAppsCard />
    </MfaSettingsPage>
  );
}
