/** Whether the team can move this order on: not cancelled, not delivered, and paid or to be paid at the door. */
export function canFulfil(order: { status: string; fulfilmentStage: string; paymentState: string }): boolean {
  return (
    order.status !== 'cancelled' &&
    order.fulfilmentStage !== 'delivered' &&
    ['paid', 'to_collect', 'partially_refunded'].includes(order.paymentState)
  );
}
