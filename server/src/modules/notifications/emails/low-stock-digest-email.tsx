import { Button, Heading, Text } from '@react-email/components';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';

export interface LowStockDigestEmailProps {
  publicUrl: string;
  threshold: number;
  /** The lowest first, capped (see lowStockDigestShown); `totalCount` says how many there are in all. */
  products: { id: number; name: string; quantity: number }[];
  totalCount: number;
}

/** The daily list of products at or below the low-stock threshold, for the owner (SHOP_ALERT_EMAIL). */
export function LowStockDigestEmail(props: LowStockDigestEmailProps) {
  const inventoryUrl = `${props.publicUrl}/oxalis/inventory`;
  const more = props.totalCount - props.products.length;
  return (
    <EmailLayout preview={`${props.totalCount} products low on stock`} publicUrl={props.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        Low stock today
      </Heading>
      <Text style={emailStyles.paragraph}>
        {`${props.totalCount} ${props.totalCount === 1 ? 'product is' : 'products are'} at or below ${props.threshold} in stock:`}
      </Text>
      {props.products.map((product) => (
        <Text key={product.id} style={{ ...emailStyles.paragraph, margin: '0 0 4px' }}>
          {`${product.name}: ${product.quantity === 0 ? 'out of stock' : `${product.quantity} left`}`}
        </Text>
      ))}
      {more > 0 ? <Text style={emailStyles.muted}>{`and ${more} more.`}</Text> : null}
      <Button href={inventoryUrl} style={{ ...emailStyles.button, marginTop: '12px' }}>
        Open the inventory
      </Button>
    </EmailLayout>
  );
}

export function renderLowStockDigestEmail(props: LowStockDigestEmailProps): Promise<RenderedEmail> {
  return renderEmail(
    `Manukato low stock: ${props.totalCount} products at or below ${props.threshold}`,
    <LowStockDigestEmail {...props} />,
  );
}
