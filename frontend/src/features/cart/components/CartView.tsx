import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ShopPage } from '@/components/ShopPage';
import { RouterLink } from '@/components/RouterLink';
import { emptyCart } from '../lib/empty-cart';
import type { CartItem, CartSummary, RemovedLine } from '../types';
import { CartLine } from './CartLine';
import { OrderSummary } from './OrderSummary';
import { RemovedLinesNotice } from './RemovedLinesNotice';

interface Props {
  items: CartItem[];
  summary: CartSummary;
  /** Lines the owner took out, and how the shopper dismisses the notice naming them. */
  removed: RemovedLine[];
  onDismissRemoved: () => void;
  busy: boolean;
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
}

export function CartView({ items, summary, removed, onDismissRemoved, busy, onQuantity, onRemove }: Props) {
  return (
    <ShopPage
      title="Shopping Cart"
      empty={
        items.length === 0
          ? // The notice above names what was taken out: "nothing added yet" would contradict it.
            emptyCart(removed.length > 0 ? 'Find something else you like.' : 'Looks like you have not added anything yet.')
          : null
      }
      notice={<RemovedLinesNotice lines={removed} busy={busy} onDismiss={onDismissRemoved} />}
    >
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: 'minmax(0,1fr)', md: 'minmax(0,1fr) 340px' } }}>
        <Box component="ul" aria-label="Cart items" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <CartLine key={item.id} item={item} busy={busy} onQuantity={onQuantity} onRemove={onRemove} />
          ))}
        </Box>
        <Box sx={{ alignSelf: 'start', position: { md: 'sticky' }, top: { md: 88 } }}>
          <OrderSummary summary={summary}>
            <Button variant="contained" size="large" component={RouterLink} to="/checkout">
              Proceed to Checkout
            </Button>
            <Button variant="outlined" component={RouterLink} to="/shop">
              Continue Shopping
            </Button>
          </OrderSummary>
        </Box>
      </Box>
    </ShopPage>
  );
}
