import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@/lib/money';
import type { CartSummary } from '../types';

/** A term and its figure; the total's row is set off by a rule above it (a border: a <dl> holds
 * only its terms' groups, so no <hr> between them). */
function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const rule = strong ? { mt: 1, pt: 1.5, borderTop: 1, borderColor: 'divider' } : {};
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5, ...rule }}>
      <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The server's figures: Subtotal (MRP), Discount, Tax 0.00 and Total (what is paid). Prices
 * include GST, so no tax is added on top; the note under the total keeps the zero from
 * being misread (the tax inside the price is shown on the invoice).
 */
export function OrderSummary({ summary: s, children }: { summary: CartSummary; children?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="summary-title" sx={{ p: 2.5 }}>
      <Typography id="summary-title" variant="h6" component="h2" gutterBottom>
        Order Summary
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label="Subtotal" value={formatMoney(s.subtotal)} />
        <Row label="Discount" value={`- ${formatMoney(s.discount)}`} />
        <Row label="Tax" value={formatMoney(s.tax)} />
        <Row label="Total" value={formatMoney(s.total)} strong />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
        Inclusive of all taxes
      </Typography>
      {children && <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>{children}</Box>}
    </Paper>
  );
}
