import { useEffect, useRef, useState } from 'react';
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
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  /** The line the shopper is removing, and where it stood. */
  const removing = useRef<{ id: string; index: number } | null>(null);
  const [focusEmpty, setFocusEmpty] = useState(false);

  // A removed line takes the focus with it: it goes to the line now in its place (the one before
  // when it was the last), or to the empty cart's title.
  useEffect(() => {
    const removal = removing.current;
    if (!removal || items.some((i) => i.id === removal.id)) return;
    removing.current = null;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return; // the shopper has moved on
    const next = items[Math.min(removal.index, items.length - 1)];
    if (next) removeButtons.current.get(next.id)?.focus();
    else setFocusEmpty(true);
  }, [items]);

  const remove = (item: CartItem) => {
    removing.current = { id: item.id, index: items.indexOf(item) };
    onRemove(item);
  };

  return (
    <ShopPage
      title="Shopping Cart"
      empty={
        items.length === 0
          ? // The notice above names what was taken out: "nothing added yet" would contradict it.
            {
              ...emptyCart(removed.length > 0 ? 'Find something else you like.' : 'Looks like you have not added anything yet.'),
              focusTitle: focusEmpty,
            }
          : null
      }
      notice={<RemovedLinesNotice lines={removed} busy={busy} onDismiss={onDismissRemoved} />}
    >
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: 'minmax(0,1fr)', md: 'minmax(0,1fr) 340px' } }}>
        <Box component="ul" aria-label="Cart items" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <CartLine
              key={item.id}
              item={item}
              busy={busy}
              onQuantity={onQuantity}
              onRemove={remove}
              removeRef={(button) => {
                if (button) removeButtons.current.set(item.id, button);
                else removeButtons.current.delete(item.id);
              }}
            />
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
