import ShoppingBagIcon from '@mui/icons-material/ShoppingBagOutlined';

/** The empty state of the cart and of the checkout (with its own line of text). */
export function emptyCart(text: string) {
  return { icon: <ShoppingBagIcon />, title: 'Your cart is empty', text, link: { to: '/shop', label: 'Start Shopping' } };
}
