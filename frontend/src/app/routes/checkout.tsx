import { useCallback, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ShopPage } from '@/components/ShopPage';
import { PageLoader } from '@/components/PageLoader';
import { ApiError, errorMessage, isNoAnswer } from '@/lib/api';
import { notify } from '@/lib/notify';
import { STORAGE_KEYS, clearIdList } from '@/lib/storage';
import { uuid } from '@/lib/uuid';
import { AddressPicker } from '@/features/accounts/components/AddressPicker';
import { CodNotice, useCodRefused } from '@/features/cod/components/CodNotice';
import { cartKey, EMPTY_CART } from '@/features/cart/api';
import type { Cart } from '@/features/cart/types';
import { CartLine } from '@/features/cart/components/CartLine';
import { OrderSummary } from '@/features/cart/components/OrderSummary';
import { RemovedLinesNotice } from '@/features/cart/components/RemovedLinesNotice';
import { emptyCart } from '@/features/cart/lib/empty-cart';
import { ordersKey, placeOrder } from '@/features/orders/api';
import { OrderSuccessDialog } from '@/features/orders/components/OrderSuccessDialog';
import { placedNotice } from '@/features/orders/lib/status';
import { CART_GUARD } from '../customer-only';
import { customerScreen } from '../guards';
import { useShopActions } from '../shop-actions';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `checkout-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A cart may be empty because the order was placed in another tab: the orders are offered too. */
const CHECKOUT_EMPTY = {
  ...emptyCart('Add something to your cart before checking out.'),
  secondaryLink: { to: '/myaccount/order', label: 'See your orders' },
};

/** Said when a placement got no answer, even after its retries: it may or may not have been placed. */
const UNCONFIRMED_MESSAGE =
  'We could not confirm your order because the connection dropped. Press Place Order again: you will not be charged twice.';

function CheckoutScreen() {
  const { cart, cartMutations } = useShopActions();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [addressId, setAddressId] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [placedId, setPlacedId] = useState<string | null>(null);
  // One idempotency key per checkout attempt: kept when the answer never came, renewed after one did.
  const attemptKey = useRef(uuid());
  // The cart as it was when an attempt got no answer: that attempt may have placed the order and
  // emptied the cart on the server, so the checkout keeps showing it until a try is answered.
  const [unconfirmed, setUnconfirmed] = useState<Pick<Cart, 'items' | 'summary'> | null>(null);
  const selectAddress = useCallback((id: string | null) => setAddressId(id), []);

  const { removed } = cart.data ?? EMPTY_CART;
  const { items, summary } = unconfirmed ?? cart.data ?? EMPTY_CART;
  // The cash-on-delivery rule is asked again whenever the cart changes.
  const cartVersion = `${summary.total}:${items.map((i) => `${i.id}x${i.quantity}`).join(',')}`;
  const codRefused = useCodRefused(addressId, cartVersion);
  if (cart.isLoading) return <PageLoader label="Loading checkout" />;

  async function place() {
    if (!addressId) {
      notify.error('Please select an address.');
      return;
    }
    const attempt = { items, summary };
    setPlacing(true);
    try {
      const result = await placeOrder(addressId, attemptKey.current, summary.total);
      attemptKey.current = uuid();
      setUnconfirmed(null);
      clearIdList(STORAGE_KEYS.cart);
      qc.setQueryData(cartKey, EMPTY_CART);
      void qc.invalidateQueries({ queryKey: ordersKey });
      const notice = placedNotice(result);
      notify[notice.tone](notice.text);
      setPlacedId(result.order?.id ?? '');
    } catch (err) {
      if (isNoAnswer(err)) {
        // Outcome unknown: keep the key (a repeat answers with the order if it was placed) and
        // the checkout on screen, rather than a re-fetched, empty cart.
        setUnconfirmed(attempt);
        return;
      }
      if (err instanceof ApiError) attemptKey.current = uuid();
      setUnconfirmed(null);
      notify.error(errorMessage(err, 'Failed to place order'));
      void qc.invalidateQueries({ queryKey: cartKey });
    } finally {
      setPlacing(false);
    }
  }

  const empty = items.length === 0 && placedId === null;
  return (
    <ShopPage
      title="Checkout"
      empty={empty ? CHECKOUT_EMPTY : null}
      notice={
        <RemovedLinesNotice
          lines={removed}
          busy={cartMutations.dismissRemoved.isPending}
          onDismiss={() => cartMutations.dismissRemoved.mutate(undefined, { onError: (e) => notify.error(errorMessage(e, 'Could not dismiss the notice')) })}
        />
      }
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0,1fr)', md: 'minmax(0,1fr) 360px' } }}>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0, alignContent: 'start' }}>
          <Section title="Delivery Address">
            <AddressPicker selectedId={addressId} onSelect={selectAddress} />
          </Section>
          <Section title="Review Items">
            <Box component="ul" aria-label="Items in your order" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((item) => (
                <CartLine key={item.id} item={item} readOnly />
              ))}
            </Box>
          </Section>
          <Section title="Payment Method">
            <RadioGroup aria-label="Payment method" value="COD">
              <FormControlLabel value="COD" control={<Radio />} label="Cash on Delivery" />
            </RadioGroup>
          </Section>
        </Box>
        <Box sx={{ alignSelf: 'start', position: { md: 'sticky' }, top: { md: 88 } }}>
          <OrderSummary summary={summary}>
            <CodNotice addressId={addressId} cartVersion={cartVersion} />
            {unconfirmed && !placing && (
              <Alert severity="warning" role="alert">
                {UNCONFIRMED_MESSAGE}
              </Alert>
            )}
            <Button variant="contained" size="large" onClick={place} disabled={placing || items.length === 0 || codRefused}>
              Place Order
            </Button>
          </OrderSummary>
        </Box>
      </Box>
      <Backdrop open={placing} sx={{ zIndex: (t) => t.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}>
        <CircularProgress color="inherit" aria-label="Placing your order" />
        <Typography>Placing your order…</Typography>
      </Backdrop>
      <OrderSuccessDialog
        open={placedId !== null}
        orderId={placedId}
        onContinue={() => navigate('/home')}
        onViewOrders={() => navigate('/myaccount/order')}
      />
    </ShopPage>
  );
}

export const Component = customerScreen('checkout', CART_GUARD, CheckoutScreen);
