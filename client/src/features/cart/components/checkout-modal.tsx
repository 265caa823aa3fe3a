import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  useCreateOrderMutation,
  useInitializePaymentMutation,
  usePayWithMpesaMutation,
} from '../api/checkout.generated';
import { CartDocument } from '../../../shared/cart/cart.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { discountLabel, formatDiscount, formatMoney } from '../../../shared/format-money';
import { useViewer } from '../../../shared/session/use-viewer';
import { useMyAddressesQuery, useSaveAddressMutation } from '../../../shared/addresses/addresses.generated';
import { addressLine } from '../../../shared/addresses/address-text';
import { Modal } from '../../../shared/ui/modal';
import {
  CREATE_ORDER_FAILED,
  isShippingField,
  MISSING_AUTHORIZATION_URL,
  ORDER_ALREADY_PLACED,
  PAYMENT_INIT_FAILED,
  shippingFields,
  trimShipping,
  validateShipping,
  type ShippingField,
  type ShippingForm,
} from '../checkout-form';
import { orderTotals, type CartQuote, type DeliveryOption } from '../order-totals';
import { paymentRedirect } from '../payment-redirect';
import { INVALID_MPESA_PHONE, kenyanMobile } from '../mpesa-phone';
import { MpesaWait } from './mpesa-wait';
import { newCheckoutKey } from '../checkout-key';
import { payOnDeliveryOffer } from '../pay-on-delivery';
import { OnDeliveryPlaced } from './on-delivery-placed';

type PaymentMethod = 'mpesa' | 'card' | 'on_delivery';

interface CheckoutModalProps {
  open: boolean;
  onClose: () => void;
  location: DeliveryOption;
  /** The server's figures for the cart: what checkout will charge for each location (decision 0076). */
  quote: CartQuote;
  /** The cart's applied code, for its label. */
  discountCode: string | null;
}

// SPEC §2/§4: shipping, then payment method (M-Pesa by default); then the order is created. M-Pesa prompts the
// shopper's phone and waits here until the payment settles (decision 0054); card initialises the payment and
// sends the browser to the provider's hosted page, which returns to /checkout/callback (the success view).
export function CheckoutModal({ open, onClose, location, quote, discountCode }: CheckoutModalProps) {
  const { viewer } = useViewer();
  const client = useApolloClient();
  const [step, setStep] = useState<'shipping' | 'payment'>('shipping');
  const [form, setForm] = useState<ShippingForm>(() => ({
    name: viewer ? `${viewer.first} ${viewer.last}`.trim() : '',
    email: viewer?.email ?? '',
    phone: '',
    address: '',
    city: '',
    postalCode: '',
  }));
  // An account made with a phone number has no e-mail: the checkout does not ask for one (issue 26).
  const emailOptional = viewer !== null && !viewer.email;
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ShippingField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('mpesa');
  const [processing, setProcessing] = useState(false);
  // The server empties the cart when it creates the order: a retry after a failed payment start must pay
  // this order rather than create another from an empty cart.
  const [orderId, setOrderId] = useState<string | null>(null);
  // The key of the order being created, sent again by every try until one is answered (decision 0068).
  const [checkoutKey, setCheckoutKey] = useState(newCheckoutKey);
  const [mpesaPhone, setMpesaPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  // The M-Pesa prompt being waited for.
  const [waiting, setWaiting] = useState<{ orderId: string; amountCents: number; attempt: number } | null>(null);
  // The address book (issue 26): its default fills the form; a shopper without one is offered to keep this one.
  const { data: book } = useMyAddressesQuery({ skip: !open || !viewer });
  const savedAddresses = book?.myAddresses;
  const [keepAddress, setKeepAddress] = useState(true);
  // Order updates on WhatsApp (issue 26): the server sends them there, and by SMS when WhatsApp cannot.
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  // An order placed to be paid on delivery: nothing to wait for, its ending shows at once.
  const [placedOnDelivery, setPlacedOnDelivery] = useState<{ orderId: string; totalCents: number } | null>(null);
  const [saveAddress] = useSaveAddressMutation();
  const [prefilled, setPrefilled] = useState(false);
  // Adjusted while rendering: the default address lands in the fields the shopper has not typed in yet.
  const defaultAddress = savedAddresses?.find((address) => address.isDefault);
  if (!prefilled && savedAddresses) {
    setPrefilled(true);
    if (defaultAddress) {
      const saved: Partial<ShippingForm> = {
        name: defaultAddress.recipient,
        phone: defaultAddress.phone,
        address: addressLine(defaultAddress),
        city: defaultAddress.city,
        postalCode: defaultAddress.postalCode ?? '',
      };
      setForm((current) => ({
        ...current,
        ...Object.fromEntries(
          Object.entries(saved).filter(([field]) => current[field as ShippingField] === '' || field === 'name'),
        ),
      }));
    }
  }
  const offerToKeep = savedAddresses !== undefined && savedAddresses.length === 0;
  const [createOrder] = useCreateOrderMutation();
  const [initializePayment] = useInitializePaymentMutation();
  const [payWithMpesa] = usePayWithMpesaMutation();
  const totals = orderTotals(quote, location);
  const onDelivery = payOnDeliveryOffer(location, quote);

  const refreshCart = useCallback(() => {
    void client.query({ query: CartDocument, fetchPolicy: 'network-only' }).catch(() => undefined);
  }, [client]);
  // No quote for the chosen location: the cart was read before that location existed; read it again.
  const quoteMissing = totals.totalCents === null;
  useEffect(() => {
    if (open && quoteMissing) refreshCart();
  }, [open, quoteMissing, refreshCart]);
  // A failed payment cancelled the order and put its items back in the cart: a retry places a new one.
  const forgetOrder = useCallback(() => setOrderId(null), []);

  function close() {
    if (processing) return;
    onClose();
    // The order took the cart's items: show the cart as the server now has it.
    if (orderId || waiting) refreshCart();
  }

  function submitShipping(event: FormEvent) {
    event.preventDefault();
    const shipping = trimShipping(form);
    const error = validateShipping(shipping, { emailOptional });
    setFieldErrors({});
    setFormError(error);
    if (!error) {
      // The M-Pesa number starts as the shipping phone; the shopper may pay from another.
      if (!mpesaPhone) setMpesaPhone(shipping.phone);
      setStep('payment');
    }
  }

  async function startOrder(paymentMethod: PaymentMethod): Promise<string | null> {
    if (orderId) return orderId;
    try {
      const { data } = await createOrder({
        variables: {
          input: { deliveryLocationId: location.id, paymentMethod, shipping: trimShipping(form), whatsappUpdates },
          idempotencyKey: checkoutKey,
        },
      });
      const payload = data?.createOrder;
      if (payload?.order) {
        setOrderId(payload.order.id);
        if (paymentMethod === 'on_delivery') {
          setPlacedOnDelivery({ orderId: payload.order.id, totalCents: payload.order.totalCents });
          refreshCart();
        }
        if (offerToKeep && keepAddress) keepShippingAddress();
        // Answered: any later order (after a failed payment gave this one up) is another checkout.
        setCheckoutKey(newCheckoutKey());
        return payload.order.id;
      }
      const errors = payload?.errors ?? [];
      const shippingErrors = errors.filter((error) => isShippingField(error.field));
      if (errors.some((error) => error.code === 'IDEMPOTENCY_KEY_REUSED')) {
        // An earlier try went through (its answer lost) before the shopper changed the form: that order stands.
        setFormError(ORDER_ALREADY_PLACED);
        setCheckoutKey(newCheckoutKey());
        refreshCart();
      } else if (shippingErrors.length > 0) {
        // The server's own checks of the form (e.g. a phone it cannot read): back to the fields they name.
        setFieldErrors(Object.fromEntries(shippingErrors.map((error) => [error.field, error.message])));
        // Shown beside the fields, not repeated above them.
        setFormError(null);
        setStep('shipping');
      } else {
        setFormError(errors[0]?.message ?? CREATE_ORDER_FAILED);
      }
    } catch (error) {
      setFormError(serverMessageOr(error, CREATE_ORDER_FAILED));
    }
    return null;
  }

  /** The first order's address, into the book: best effort, the order stands either way. */
  function keepShippingAddress() {
    const shipping = trimShipping(form);
    void saveAddress({
      variables: {
        input: {
          recipient: shipping.name,
          phone: shipping.phone,
          street: shipping.address,
          city: shipping.city,
          postalCode: shipping.postalCode || null,
        },
      },
      refetchQueries: ['MyAddresses'],
    }).catch(() => undefined);
  }

  async function payByCard() {
    setMethod('card');
    setWaiting(null);
    setProcessing(true);
    setFormError(null);
    const id = await startOrder('card');
    if (!id) {
      setProcessing(false);
      return;
    }
    try {
      // The order may have been placed for M-Pesa (its prompt timed out): the hosted page must offer the card.
      const { data } = await initializePayment({ variables: { orderId: id, method: 'card' } });
      const payload = data?.initializePayment;
      const failure = payload?.errors[0];
      if (!payload || failure) {
        setFormError(failure?.message ?? PAYMENT_INIT_FAILED);
      } else if (!payload.authorizationUrl) {
        setFormError(MISSING_AUTHORIZATION_URL);
      } else {
        // The overlay stays up while the browser leaves for the payment page.
        paymentRedirect.go(payload.authorizationUrl);
        return;
      }
    } catch (error) {
      setFormError(serverMessageOr(error, PAYMENT_INIT_FAILED));
    }
    setProcessing(false);
  }

  async function payByMpesa() {
    const phone = kenyanMobile(mpesaPhone);
    setPhoneError(phone ? null : INVALID_MPESA_PHONE);
    if (!phone) return;
    setProcessing(true);
    setFormError(null);
    const id = await startOrder('mpesa');
    if (!id) {
      setProcessing(false);
      return;
    }
    try {
      const { data } = await payWithMpesa({ variables: { orderId: id, phone } });
      const payload = data?.payWithMpesa;
      const failure = payload?.errors[0];
      if (payload?.charge) {
        setWaiting((current) => ({
          orderId: id,
          amountCents: payload.charge!.amountCents,
          attempt: (current?.attempt ?? 0) + 1,
        }));
      } else if (failure?.field === 'phone') {
        setPhoneError(failure.message);
      } else {
        setFormError(failure?.message ?? PAYMENT_INIT_FAILED);
      }
    } catch (error) {
      setFormError(serverMessageOr(error, PAYMENT_INIT_FAILED));
    }
    setProcessing(false);
  }

  async function placeForPaymentOnDelivery() {
    setProcessing(true);
    setFormError(null);
    await startOrder('on_delivery');
    setProcessing(false);
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (processing) return;
    if (method === 'on_delivery') await placeForPaymentOnDelivery();
    else await (method === 'card' ? payByCard() : payByMpesa());
  }

  function tryAgain() {
    setWaiting(null);
    setMethod('mpesa');
  }

  return (
    <Modal open={open} onClose={close} labelledBy="checkout-heading" className="checkout">
      <div className="checkout__header">
        <h2 id="checkout-heading">{step === 'shipping' ? 'Shipping Information' : 'Payment Method'}</h2>
        <button type="button" className="icon-button" aria-label="Close checkout" onClick={close} disabled={processing}>
          ×
        </button>
      </div>
      <p className="checkout__steps">Step {step === 'shipping' ? 1 : 2} of 2</p>
      {formError ? (
        <p role="alert" className="checkout__error">
          {formError}
        </p>
      ) : null}
      {step === 'shipping' ? (
        <form noValidate onSubmit={submitShipping} className="checkout__form">
          {shippingFields.map(({ field, label, type, autoComplete }) => (
            <div key={field} className="checkout__field">
              <label htmlFor={`checkout-${field}`}>{label}</label>
              <input
                id={`checkout-${field}`}
                name={field}
                type={type}
                autoComplete={autoComplete}
                placeholder={
                  field === 'phone'
                    ? '+254 7XX XXX XXX'
                    : field === 'postalCode' || (field === 'email' && emailOptional)
                      ? 'Optional'
                      : undefined
                }
                value={form[field]}
                aria-invalid={fieldErrors[field] ? true : undefined}
                aria-describedby={fieldErrors[field] ? `checkout-${field}-error` : undefined}
                onChange={(event) => setForm((current) => ({ ...current, [field]: event.target.value }))}
              />
              {fieldErrors[field] ? (
                <span id={`checkout-${field}-error`} role="alert" className="checkout__field-error">
                  {fieldErrors[field]}
                </span>
              ) : null}
            </div>
          ))}
          {defaultAddress ? (
            <p className="checkout__saved-address">
              From your saved addresses. <Link to="/my-addresses">Manage addresses</Link>
            </p>
          ) : null}
          <label className="checkout__keep-address">
            <input
              type="checkbox"
              checked={whatsappUpdates}
              onChange={(event) => setWhatsappUpdates(event.target.checked)}
            />
            Send order updates on WhatsApp
          </label>
          {offerToKeep ? (
            <label className="checkout__keep-address">
              <input type="checkbox" checked={keepAddress} onChange={(event) => setKeepAddress(event.target.checked)} />
              Save this address for next time
            </label>
          ) : null}
          <button type="submit" className="button">
            Continue to Payment
          </button>
        </form>
      ) : placedOnDelivery ? (
        <OnDeliveryPlaced orderId={placedOnDelivery.orderId} totalCents={placedOnDelivery.totalCents} />
      ) : waiting ? (
        <MpesaWait
          key={waiting.attempt}
          orderId={waiting.orderId}
          amountCents={waiting.amountCents}
          discount={totals.discountCents > 0 ? { code: discountCode, cents: totals.discountCents } : null}
          onFailed={forgetOrder}
          onSettled={refreshCart}
          onTryAgain={tryAgain}
          onPayByCard={() => void payByCard()}
        />
      ) : (
        <form noValidate onSubmit={pay} className="checkout__form">
          <fieldset className="checkout__methods" disabled={processing}>
            <legend>Choose how to pay</legend>
            <label className="checkout__method">
              <input
                type="radio"
                name="payment-method"
                value="mpesa"
                checked={method === 'mpesa'}
                onChange={() => setMethod('mpesa')}
              />
              M-Pesa
            </label>
            <label className="checkout__method">
              <input
                type="radio"
                name="payment-method"
                value="card"
                checked={method === 'card'}
                onChange={() => setMethod('card')}
              />
              Card
            </label>
            {onDelivery.offered ? (
              <label className="checkout__method">
                <input
                  type="radio"
                  name="payment-method"
                  value="on_delivery"
                  checked={method === 'on_delivery'}
                  disabled={!onDelivery.allowed}
                  aria-describedby="checkout-on-delivery-note"
                  onChange={() => setMethod('on_delivery')}
                />
                Pay on delivery
              </label>
            ) : null}
          </fieldset>
          {onDelivery.offered ? (
            <p id="checkout-on-delivery-note" className="checkout__note">
              {onDelivery.note}
            </p>
          ) : null}
          {method === 'mpesa' ? (
            <div className="checkout__field">
              <label htmlFor="checkout-mpesa-phone">M-Pesa number</label>
              <input
                id="checkout-mpesa-phone"
                name="mpesa-phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                value={mpesaPhone}
                disabled={processing}
                aria-invalid={phoneError ? true : undefined}
                aria-describedby={phoneError ? 'checkout-mpesa-phone-error' : undefined}
                onChange={(event) => setMpesaPhone(event.target.value)}
              />
              {phoneError ? (
                <span id="checkout-mpesa-phone-error" role="alert" className="checkout__field-error">
                  {phoneError}
                </span>
              ) : null}
            </div>
          ) : null}
          {totals.discountCents > 0 ? (
            <p className="checkout__discount">
              {discountLabel(discountCode)}: <strong>{formatDiscount(totals.discountCents)}</strong>
            </p>
          ) : null}
          <p className="checkout__total">
            Total: <strong>{totals.totalCents === null ? '—' : formatMoney(totals.totalCents)}</strong>
            {totals.freeDelivery ? ' (free delivery)' : null}
          </p>
          <div className="checkout__buttons">
            <button
              type="button"
              className="button button--outline"
              disabled={processing || orderId !== null}
              onClick={() => setStep('shipping')}
            >
              Back
            </button>
            <button type="submit" className="button" disabled={processing || totals.totalCents === null}>
              {method === 'on_delivery' ? 'Place Order' : 'Pay Now'}
            </button>
          </div>
        </form>
      )}
      {processing ? (
        <div className="checkout__processing" role="status">
          <span className="spinner" aria-hidden="true" />
          {method === 'on_delivery' ? 'Placing your order...' : 'Processing your payment...'}
        </div>
      ) : null}
    </Modal>
  );
}
