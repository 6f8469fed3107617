import { useEffect } from 'react';
import { useVerifyPasswordToken } from '../api/passwords.api';

/** Checks a mailed link's token once, when the page opens: what it is for, or that it no longer works. */
export function useTokenCheck(token: string | undefined) {
  const verify = useVerifyPasswordToken();
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  return {
    info: verify.data?.token ?? null,
    checking: Boolean(token) && (verify.isPending || verify.isIdle),
    invalid: !token || verify.isError,
  };
}
