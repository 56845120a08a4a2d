import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { serverMessage } from '@/lib/api';
import type { ReturnKind, ReturnReason } from '@/lib/api-types';
import { notify } from '@/lib/notify';
import { useCreateReturn, useVariants } from '../api/returns';
import { boughtOnSale, isShopsFault, RETURN_REASON_LABELS } from '../lib/returns';
import type { OrderItem } from '../types';

interface Props {
  orderId: string;
  item: OrderItem;
  /** Pieces of the line not yet in a request. */
  maxQuantity: number;
  /** The order came after its expected delivery date: 'Delivered late' is one of the reasons. */
  late?: boolean;
  onClose: () => void;
}

/**
 * 'Return or exchange' for one line of a delivered order: the pieces, a reason, and a refund
 * or another size or colour of the same product (only those in stock at the same price are
 * offered). A sale item is exchange only unless it arrived damaged, defective, not as described
 * or late. The server checks every rule again.
 */
export function ReturnDialog({ orderId, item, maxQuantity, late = false, onClose }: Props) {
  const onSale = boughtOnSale(item);
  const [quantity, setQuantity] = useState(1);
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [kind, setKind] = useState<ReturnKind>(onSale ? 'EXCHANGE' : 'REFUND');
  const [target, setTarget] = useState('');
  const [tried, setTried] = useState(false);
  const refundable = (why: ReturnReason | '') => !onSale || isShopsFault(why);
  const variants = useVariants(item.product.id, kind === 'EXCHANGE');
  // The replacement ships at the price paid: only sizes at the price of the one replaced (as
  // it sells now; the price paid when it is gone) are offered, as the server requires.
  const own = variants.data?.find((v) => v.id === item.variantId);
  const samePrice = own?.originalPrice ?? item.priceAtPurchase;
  const options = (variants.data ?? []).filter((v) => v.id !== item.variantId && v.stock >= quantity && v.originalPrice === samePrice);
  const create = useCreateReturn();

  const reasonMissing = reason === '';
  const targetMissing = kind === 'EXCHANGE' && target === '';

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (reasonMissing || targetMissing) return;
    create.mutate(
      {
        orderId,
        body: {
          kind,
          reason: reason as ReturnReason,
          lines: [{ orderItemId: item.id, quantity, ...(kind === 'EXCHANGE' ? { exchangeVariantId: target } : {}) }],
        },
      },
      {
        onSuccess: () => {
          notify.success(kind === 'EXCHANGE' ? 'Exchange requested' : 'Return requested');
          onClose();
        },
        onError: (err) => notify.error(serverMessage(err, 'Your request could not be sent.')),
      },
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="return-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="return-title">Return or exchange</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>
              {item.product.name} · Size {item.product.variant.size}
              {item.product.variant.color ? ` · ${item.product.variant.color}` : ''}
            </Typography>
            <TextField
              select
              label="Quantity"
              value={quantity}
              onChange={(e) => {
                setQuantity(Number(e.target.value));
                setTarget('');
              }}
            >
              {Array.from({ length: maxQuantity }, (_, i) => i + 1).map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Reason"
              value={reason}
              onChange={(e) => {
                const chosen = e.target.value as ReturnReason;
                setReason(chosen);
                if (!refundable(chosen)) setKind('EXCHANGE');
              }}
              error={tried && reasonMissing}
              helperText={tried && reasonMissing ? 'Please choose a reason' : ' '}
            >
              {(Object.entries(RETURN_REASON_LABELS) as [ReturnReason, string][])
                .filter(([value]) => late || value !== 'DELIVERED_LATE')
                .map(([value, label]) => (
                  <MenuItem key={value} value={value}>
                    {label}
                  </MenuItem>
                ))}
            </TextField>
            <FormControl>
              <FormLabel id="return-kind">What would you like?</FormLabel>
              <RadioGroup aria-labelledby="return-kind" value={kind} onChange={(e) => setKind(e.target.value as ReturnKind)}>
                <FormControlLabel value="REFUND" control={<Radio />} label="Refund" disabled={!refundable(reason)} />
                <FormControlLabel value="EXCHANGE" control={<Radio />} label="Exchange for another size or colour" />
              </RadioGroup>
              {onSale && (
                <FormHelperText>Sale items are refunded only when damaged, defective, not as described or delivered late; you can exchange them.</FormHelperText>
              )}
            </FormControl>
            {kind === 'EXCHANGE' &&
              (variants.isLoading ? (
                <Typography variant="body2">Loading sizes…</Typography>
              ) : options.length === 0 ? (
                <Alert severity="info">No other size or colour of this product at the same price is in stock right now.</Alert>
              ) : (
                <TextField
                  select
                  label="New size or colour"
                  value={target}
                  onChange={(e) => setTarget(e.target.value)}
                  error={tried && targetMissing}
                  helperText={tried && targetMissing ? 'Please choose the size or colour you want' : ' '}
                >
                  {options.map((v) => (
                    <MenuItem key={v.id} value={v.id}>
                      Size {v.size} · {v.color}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending || (kind === 'EXCHANGE' && options.length === 0)}>
            Send request
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
