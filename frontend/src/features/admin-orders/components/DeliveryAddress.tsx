import Typography from '@mui/material/Typography';
import { formatMobile } from '@/lib/india';
import type { AdminOrder } from '../types';

/** An order's delivery address as the courier needs it: recipient, lines, city and PIN, phone. */
export function DeliveryAddress({ address, recipient }: { address: AdminOrder['address']; recipient?: string }) {
  if (!address) return <Typography color="text.secondary">—</Typography>;
  const name = address.fullName || recipient;
  return (
    <Typography>
      {name && (
        <>
          {name}
          <br />
        </>
      )}
      {address.addressLine1}
      {address.addressLine2 ? `, ${address.addressLine2}` : ''}
      {address.landmark ? ` (landmark: ${address.landmark})` : ''}
      <br />
      {address.city}, {address.state} {address.postalCode}
      {address.phone && (
        <>
          <br />
          Phone: {formatMobile(address.phone)}
        </>
      )}
    </Typography>
  );
}
