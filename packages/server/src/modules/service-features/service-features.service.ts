import { isFeatureOn } from '@keydeck/contract/features';
import { Messages } from '@keydeck/contract/messages';
import { SERVICE_FEATURE_ACCOUNT_FLAGS, SERVICE_FEATURE_NAMES, serviceTypeFeatures, type ServiceFeatures } from '@keydeck/contract/service-features';
import type { Tx } from '../../db/database.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { listFeatures } from '../features/features.service.ts';
import { findAccountService } from '../services/services.service.ts';

/**
 * Every feature, on when the service's type offers it and, for those that also need one, the account's own flag
 * is on. The service is the caller's current one (their service session); it must belong to the account named.
 */
export async function featuresOf(tx: Tx, principal: Principal, serviceId: string, accountId: string): Promise<ServiceFeatures> {
  if (accountId !== principal.account.id && !principal.platformAdmin) throw forbidden('other_account', Messages.permissionDenied);
  const service = await findAccountService(tx, accountId, serviceId);
  if (!service) throw notFound();
  const offered = new Set(serviceTypeFeatures(service.type));
  const flags = await listFeatures(tx, accountId);
  return {
    service_id: service.id,
    service_type: service.type,
    features: SERVICE_FEATURE_NAMES.map((name) => {
      const flag = SERVICE_FEATURE_ACCOUNT_FLAGS[name];
      const on = offered.has(name) && (flag === undefined || isFeatureOn(flags, flag));
      return { feature_name: name, feature_value: on };
    }),
  };
}
