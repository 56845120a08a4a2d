import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CardList, ColumnHead } from '@/components/ListViews';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { PageLoader } from '@/components/PageLoader';
import { RetryAlert } from '@/components/RetryAlert';
import { TaxDocumentButtons } from '@/components/TaxDocumentButtons';
import { serverMessage } from '@/lib/api';
import type { ReturnRequest, ReturnStatus, ReturnStatusChange } from '@/lib/api-types';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS } from '@/lib/order-status';
import { RETURNS_PAGE_SIZE, useChangeReturnStatus, useReturns } from '../api';

/** The button that moves a request to each status. */
const ACTIONS: Record<ReturnStatus, string> = {
  REQUESTED: 'Requested',
  APPROVED: 'Approve',
  REJECTED: 'Reject',
  // The shopper's own move: never a next status the owner is offered.
  WITHDRAWN: 'Withdrawn',
  PICKED_UP: 'Mark picked up',
  RECEIVED: 'Mark received',
  REFUNDED: 'Record refund',
  EXCHANGE_SHIPPED: 'Ship exchange',
};

function StatusDialog({ request, to, onClose }: { request: ReturnRequest; to: ReturnStatus; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [restock, setRestock] = useState(request.reason !== 'DAMAGED_OR_DEFECTIVE');
  const [method, setMethod] = useState<'UPI' | 'BANK'>('UPI');
  const [upiId, setUpiId] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [ifsc, setIfsc] = useState('');
  const change = useChangeReturnStatus();

  function submit(e: FormEvent) {
    e.preventDefault();
    const body: ReturnStatusChange = { status: to, note: note.trim() || undefined };
    if (to === 'RECEIVED') body.restock = restock;
    if (to === 'REFUNDED') {
      body.refundMethod = method;
      if (method === 'UPI') body.upiId = upiId.trim();
      else Object.assign(body, { accountNumber: accountNumber.trim(), ifsc: ifsc.trim().toUpperCase() });
    }
    change.mutate(
      { id: request.id, body },
      {
        onSuccess: (answer) => {
          notify.success(answer.message ?? 'Request updated');
          onClose();
        },
        onError: (err) => notify.error(serverMessage(err, 'The request could not be changed.')),
      },
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="return-status-title">
      <form onSubmit={submit}>
        <DialogTitle id="return-status-title">
          {ACTIONS[to]} · order #{request.orderNumber}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {to === 'RECEIVED' && (
              <FormControlLabel
                control={<Checkbox checked={restock} onChange={(e) => setRestock(e.target.checked)} />}
                label="Put the pieces back into stock (untick for damaged goods)"
              />
            )}
            {to === 'REFUNDED' && (
              <>
                <Typography>Refund {formatMoney(request.amount)} (cash on delivery: paid to the shopper's account)</Typography>
                <TextField select label="Paid by" value={method} onChange={(e) => setMethod(e.target.value as 'UPI' | 'BANK')}>
                  <MenuItem value="UPI">UPI</MenuItem>
                  <MenuItem value="BANK">Bank transfer</MenuItem>
                </TextField>
                {method === 'UPI' ? (
                  <TextField label="UPI id" value={upiId} onChange={(e) => setUpiId(e.target.value)} required helperText="Only a masked form is kept" />
                ) : (
                  <>
                    <TextField label="Account number" value={accountNumber} onChange={(e) => setAccountNumber(e.target.value)} required inputProps={{ inputMode: 'numeric' }} />
                    <TextField label="IFSC" value={ifsc} onChange={(e) => setIfsc(e.target.value)} required helperText="Only the last 4 digits and the IFSC are kept" />
                  </>
                )}
              </>
            )}
            <TextField
              label={to === 'REJECTED' ? 'Why is it rejected?' : 'Note for the shopper (optional)'}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              required={to === 'REJECTED'}
              multiline
              minRows={2}
              inputProps={{ maxLength: 500 }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color={to === 'REJECTED' ? 'error' : 'primary'} disabled={change.isPending}>
            {ACTIONS[to]}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** What is asked: refund or exchange and why, the pieces, and what has been done (restock, refund, documents). */
function RequestDetails({ request: r }: { request: ReturnRequest }) {
  return (
    <>
      <strong>{r.kind === 'EXCHANGE' ? 'Exchange' : 'Refund'}</strong> · {RETURN_REASON_LABELS[r.reason] ?? r.reason}
      {r.lines.map((l) => (
        <Typography key={l.id} variant="body2">
          {l.productName} (size {l.size}, {l.color}) × {l.quantity}
          {l.exchangeSize ? ` → size ${l.exchangeSize}, ${l.exchangeColor ?? ''}` : ''}
        </Typography>
      ))}
      {r.restocked === false && <Typography variant="body2">Received damaged: not restocked</Typography>}
      {r.refund && (
        <Typography variant="body2">
          Refunded {formatMoney(r.refund.amount)} to {r.refund.account}
        </Typography>
      )}
      <TaxDocumentButtons returnId={r.id} invoice={r.replacementInvoice} creditNote={r.creditNote} />
    </>
  );
}

/** The buttons that move a request on, one per next status. */
function NextSteps({ request: r, onAct }: { request: ReturnRequest; onAct: (to: ReturnStatus) => void }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {r.nextStatuses.map((to) => (
        <Button
          key={to}
          size="small"
          variant={to === 'REJECTED' ? 'outlined' : 'contained'}
          color={to === 'REJECTED' ? 'error' : 'primary'}
          onClick={() => onAct(to)}
        >
          {ACTIONS[to]}
        </Button>
      ))}
    </Stack>
  );
}

/** The back office's returns and exchanges: a list filtered by status, each moved one step at a time. */
export function ReturnsPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const list = useReturns(page, status || undefined);
  const [acting, setActing] = useState<{ request: ReturnRequest; to: ReturnStatus } | null>(null);
  // A phone gets cards: six columns leave the request one letter wide and the actions off-screen.
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const requests = list.data?.data ?? [];

  return (
    <Box>
      <AdminPageHeader
        title="Returns"
        subtitle="Return and exchange requests of delivered orders"
        action={
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ReturnStatus | '');
              setPage(1);
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">All</MenuItem>
            {Object.entries(RETURN_STATUS_LABELS).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {list.isLoading ? (
        <PageLoader label="Loading returns" />
      ) : list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>The returns could not be loaded.</RetryAlert>
      ) : requests.length === 0 ? (
        <Typography color="text.secondary">No requests{status ? ' in this status' : ''}.</Typography>
      ) : (
        <Paper variant="outlined">
          {small ? (
            <Box sx={{ p: 1 }}>
              <CardList label="Return requests" spacing={1}>
                {requests.map((r) => (
                  <Card key={r.id} component="li" variant="outlined" aria-label={`Request for order ${r.orderNumber}`}>
                    <CardContent sx={{ pb: 1 }}>
                      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
                        <Typography fontWeight={700}>#{r.orderNumber}</Typography>
                        <Chip size="small" label={r.statusLabel} />
                      </Box>
                      <Typography>{r.customerName}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                        {r.customerEmail}
                      </Typography>
                      <RequestDetails request={r} />
                      <Typography fontWeight={700} sx={{ mt: 1 }}>
                        {formatMoney(r.amount)}
                      </Typography>
                    </CardContent>
                    {r.nextStatuses.length > 0 && (
                      <CardActions sx={{ px: 2, pb: 2 }}>
                        <NextSteps request={r} onAct={(to) => setActing({ request: r, to })} />
                      </CardActions>
                    )}
                  </Card>
                ))}
              </CardList>
            </Box>
          ) : (
            <TableContainer>
              <Table aria-label="Return requests">
                <ColumnHead columns={['Order', 'Customer', 'Request', { label: 'Amount', align: 'right' }, 'Status', 'Actions']} />
                <TableBody>
                  {requests.map((r) => (
                    <TableRow key={r.id} aria-label={`Request for order ${r.orderNumber}`}>
                      <TableCell>#{r.orderNumber}</TableCell>
                      <TableCell>
                        {r.customerName}
                        <Typography variant="body2" color="text.secondary">
                          {r.customerEmail}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <RequestDetails request={r} />
                      </TableCell>
                      <TableCell align="right">{formatMoney(r.amount)}</TableCell>
                      <TableCell>
                        <Chip size="small" label={r.statusLabel} />
                      </TableCell>
                      <TableCell>
                        <NextSteps request={r} onAct={(to) => setActing({ request: r, to })} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <TablePagination
            component="div"
            count={list.data?.pagination.totalItems ?? 0}
            page={page - 1}
            rowsPerPage={RETURNS_PAGE_SIZE}
            rowsPerPageOptions={[RETURNS_PAGE_SIZE]}
            onPageChange={(_, p) => setPage(p + 1)}
          />
        </Paper>
      )}
      {acting && <StatusDialog request={acting.request} to={acting.to} onClose={() => setActing(null)} />}
    </Box>
  );
}
