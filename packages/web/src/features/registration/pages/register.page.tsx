import { getRouteApi } from '@tanstack/react-router';
import { RegistrationCard } from '../components/registration-card';
import { RegistrationConfirm } from '../components/registration-confirm';
import { SignUp } from '../components/sign-up';

const route = getRouteApi('/login-group/register');

/** /register: self-service sign-up; opened from the confirmation mail (?token=), it creates the account. */
export function RegisterPage() {
  const { token } = route.useSearch();
  if (token) {
    return (
      <RegistrationCard title="Account registration">
        <RegistrationConfirm token={token} />
      </RegistrationCard>
    );
  }
  return (
    <RegistrationCard title="Create an account" intro="Register your company and become its first administrator. We email you a link to confirm.">
      <SignUp />
    </RegistrationCard>
  );
}
