import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { serverMessage } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { notify } from '@/lib/notify';
import { indiaDay } from '@/lib/india';
import { GstRates } from './GstRates';

/** The first day of the month of an India date. */
function monthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** The GST report (CSV) of the tax invoices and credit notes issued in a period. */
export function ReportsPage() {
  const today = indiaDay();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const path = `/reports/gst?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    downloadFile(path, `gst-${from}-to-${to}.csv`)
      .catch((err: unknown) => {
        console.error('GST report failed', err);
        notify.error(serverMessage(err, 'The report could not be downloaded.'));
      })
      .finally(() => setBusy(false));
  }

  return (
    <>
      <AdminPageHeader title="Reports" subtitle="GST: tax invoices and credit notes issued in a period, and the rate table" />
      <Paper variant="outlined" component="form" onSubmit={submit} aria-label="GST report" sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
        <Stack spacing={3}>
          <Typography variant="body2" color="text.secondary">
            One row per invoice and credit note and rate (credit notes negative) with the place of supply, then a summary by
            HSN code, then the totals: the invoices less the credit notes, to the paisa. Dates are India&apos;s.
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
            <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
          </Box>
          <Box>
            <Button type="submit" variant="contained" startIcon={<DownloadIcon />} disabled={busy || !from || !to}>
              {busy ? 'Preparing…' : 'Download GST report (CSV)'}
            </Button>
          </Box>
        </Stack>
      </Paper>
      <Box sx={{ mt: 3 }}>
        <GstRates />
      </Box>
    </>
  );
}
