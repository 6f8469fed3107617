import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BillingOffer, PurchaseBody, Subscription } from '@keydeck/contract/billing';
import { FormModal } from '../../../lib/ui/form-modal';
import { serviceChoicesQueryOptions, usePurchase } from '../api/billing.api';
import { BillingQueryAlert } from './billing-query-alert';
import { PurchaseForm } from './purchase-form';

interface PurchaseModalProps {
  /** The offer being bought; null keeps the modal closed. */
  offer: BillingOffer | null;
  onClose: () => void;
  /** The new subscription, to show it. */
  onPurchased?: (subscription: Subscription) => void;
}

/** Buys an offer: a subscription charged to the default card and a service request that waits for approval. */
export function PurchaseModal({ offer, onClose, onPurchased }: PurchaseModalProps) {
  const choices = useQuery({ ...serviceChoicesQueryOptions(), enabled: offer !== null });
  const purchase = usePurchase();

  const buy = async (body: PurchaseBody) => {
    const { subscription } = await purchase.mutateAsync(body);
    onPurchased?.(subscription);
    return `${body.service.name} ordered: it starts once approved.`;
  };

  return (
    <FormModal opened={offer !== null} onClose={onClose} title={offer ? `Buy ${offer.product_name}` : 'Buy'} mutations={[purchase]} onSubmit={buy}>
      {(slot) =>
        !offer ? null : choices.data ? (
          <PurchaseForm offer={offer} choices={choices.data} {...slot} />
        ) : choices.isError ? (
          <BillingQueryAlert what="The service locations" query={choices} />
        ) : (
          <Loader size="sm" aria-label="Loading the service locations" />
        )
      }
    </FormModal>
  );
}
