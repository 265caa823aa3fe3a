import { Heading, Text } from '@react-email/components';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';
import type { OrderFacts } from './order-facts';
import { OrderLinks } from './order-summary';
import type { CarrierFacts } from './sms-texts';

/** A step on the way to the door (issue 27): packed, out for delivery, or a failed attempt with its new date. */
export type OrderProgress =
  | { stage: 'packed' }
  | { stage: 'out_for_delivery'; carrier: CarrierFacts }
  | { stage: 'delivery_failed'; reason: string; nextAttemptDay: string };

function progressText(order: OrderFacts, progress: OrderProgress): { title: string; lines: string[] } {
  switch (progress.stage) {
    case 'packed':
      return {
        title: 'Your order is packed',
        lines: [`Hello ${order.recipientName}, order ${order.orderNumber} is packed and will be on its way soon.`],
      };
    case 'out_for_delivery': {
      const { carrier } = progress;
      return {
        title: 'Your order is on its way',
        lines: carrier.courierName
          ? [
              `Hello ${order.recipientName}, order ${order.orderNumber} is on its way to ${order.deliveryLocation} ` +
                `with ${carrier.courierName}, tracking number ${carrier.trackingNumber ?? ''}.`,
            ]
          : [
              `Hello ${order.recipientName}, order ${order.orderNumber} is out for delivery with our rider ` +
                `${carrier.riderName ?? ''}.`,
              `The rider may call you; you can call them on ${carrier.riderPhone ?? ''}.`,
            ],
      };
    }
    case 'delivery_failed':
      return {
        title: 'We could not deliver your order',
        lines: [
          `Hello ${order.recipientName}, we tried to deliver order ${order.orderNumber} but could not: ${progress.reason}`,
          `We will try again on ${progress.nextAttemptDay}. Reply to this e-mail or call us if another day suits you better.`,
        ],
      };
  }
}

export function OrderProgressEmail(props: { order: OrderFacts; progress: OrderProgress }) {
  const { order, progress } = props;
  const { title, lines } = progressText(order, progress);
  return (
    <EmailLayout preview={`Order ${order.orderNumber}: ${title.toLowerCase()}`} publicUrl={order.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        {title}
      </Heading>
      {lines.map((line) => (
        <Text key={line} style={emailStyles.paragraph}>
          {line}
        </Text>
      ))}
      <OrderLinks order={order} />
    </EmailLayout>
  );
}

export function renderOrderProgressEmail(props: {
  order: OrderFacts;
  progress: OrderProgress;
}): Promise<RenderedEmail> {
  const { title } = progressText(props.order, props.progress);
  return renderEmail(`${title}: Manukato order ${props.order.orderNumber}`, <OrderProgressEmail {...props} />);
}
