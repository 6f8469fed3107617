import '@mantine/core/styles/Tooltip.css';
import { Button, Tooltip } from '@mantine/core';
import { BillingMessages, type BillingOffer } from '@keydeck/contract/billing';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';

interface BuyButtonProps {
  offer: BillingOffer;
  /** Undefined while the cards are loading. */
  hasPaymentMethod: boolean | undefined;
  onBuy: () => void;
}

/** Buy needs company:manage and a card to charge; without one it stays inert and says why. */
export function BuyButton({ offer, hasPaymentMethod, onBuy }: BuyButtonProps) {
  const label = `Buy ${offer.product_name}`;
  if (hasPaymentMethod === false) {
    return (
      <Tooltip label={BillingMessages.noPaymentMethod} withArrow multiline maw={260}>
        <Button size="xs" variant="light" aria-label={label} aria-disabled data-disabled onClick={(event) => event.preventDefault()}>
          Buy
        </Button>
      </Tooltip>
    );
  }
  return (
    <Can permission={Permission.companyManage} mode="disable">
      <Button size="xs" variant="light" aria-label={label} disabled={hasPaymentMethod === undefined} onClick={onBuy}>
        Buy
      </Button>
    </Can>
  );
}
