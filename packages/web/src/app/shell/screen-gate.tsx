import type { ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMatches } from '@tanstack/react-router';
import type { AuthInfo } from '@keydeck/contract/auth';
import { isFeatureOn } from '@keydeck/contract/features';
import { accountFeaturesQueryOptions } from '../../features/account-features/api/account-features.api';
import { Can } from '../../lib/can';
import { inherited } from '../../lib/route-static-data';
import { FeatureOff } from './feature-off';
import { NoPermission } from './no-permission';

/**
 * The open screen, or what the user must get first: the permission (NoPermission) or the account
 * feature (FeatureOff) the route table declares for it. A deep link never ends on a blank page or a redirect.
 */
export function ScreenGate({ session, children }: { session: AuthInfo; children: ReactNode }) {
  const permission = useMatches({ select: (matches) => inherited(matches, 'permission') });
  const feature = useMatches({ select: (matches) => inherited(matches, 'feature') });
  const features = useQuery({ ...accountFeaturesQueryOptions(session.user.account_id), enabled: feature !== undefined });

  const screen =
    feature === undefined || (features.isSuccess && isFeatureOn(features.data, feature)) || features.isError ? (
      // Without an answer (a failed call) the screen opens: the server refuses what the account may not use.
      children
    ) : features.isPending ? (
      <Loader size="sm" aria-label="Loading the page" />
    ) : (
      <FeatureOff feature={feature} company={session.company.name} />
    );
  return (
    <Can permission={permission} fallback={permission ? <NoPermission permission={permission} /> : null}>
      {screen}
    </Can>
  );
}
