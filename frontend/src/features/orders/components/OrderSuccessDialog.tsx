import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { orderNumber } from '@/lib/order-number';

interface Props {
  open: boolean;
  orderId: string | null;
  onContinue: () => void;
  onViewOrders: () => void;
}

export function OrderSuccessDialog({ open, orderId, onContinue, onViewOrders }: Props) {
  return (
    <Dialog open={open} aria-labelledby="order-success-title" maxWidth="xs" fullWidth>
      <DialogTitle id="order-success-title" sx={{ textAlign: 'center' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56, display: 'block', mx: 'auto', mb: 1 }} />
        Order Placed Successfully!
      </DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Typography>Thank you for your order. You will pay in cash on delivery.</Typography>
        {orderId && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Order #{orderNumber(orderId)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1, pb: 2 }}>
        <Button variant="outlined" onClick={onContinue}>
          Continue Shopping
        </Button>
        <Button variant="contained" onClick={onViewOrders}>
          View Order History
        </Button>
      </DialogActions>
    </Dialog>
  );
}
