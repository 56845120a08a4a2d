import Alert from '@mui/material/Alert';
import { useCheckoutCod } from '../api';

interface Props {
  addressId: string | null;
  /** Changes whenever the cart does (its total and pieces), so the rule is asked again. */
  cartVersion: string;
}

/** Before Place Order: whether cash on delivery (the one way to pay) accepts this order, and
 * if not the rule that refuses it, as the server would answer when placing it. */
export function CodNotice({ addressId, cartVersion }: Props) {
  const check = useCheckoutCod(addressId, cartVersion);
  if (!addressId || !check.data) return null;
  const { available, message } = check.data;
  return (
    <Alert severity={available ? 'success' : 'warning'} role="status" aria-label="Cash on delivery" sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}

/** Whether the checkout's order is known to be refused (not while it is being asked). */
export function useCodRefused(addressId: string | null, cartVersion: string): boolean {
  const check = useCheckoutCod(addressId, cartVersion);
  return Boolean(addressId && check.data && !check.data.available && !check.isPlaceholderData);
}
