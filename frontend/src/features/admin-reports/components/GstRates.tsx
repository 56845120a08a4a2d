import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ColumnHead } from '@/components/ListViews';
import { RetryAlert } from '@/components/RetryAlert';
import { serverMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { asInput, gstRatesKey, gstRatesQuery, saveGstRates, type GstRateRuleInput } from '../api';
import { indiaDay } from '@/lib/india';
import { dayText, emptySlabs, ruleFromForm, slabsText, status, type SlabRow } from '../rates';
import { DigitsField } from '@/components/DigitsField';

function AddRule({ onAdd, busy }: { onAdd: (rule: GstRateRuleInput) => Promise<boolean>; busy: boolean }) {
  const [prefix, setPrefix] = useState('');
  const [from, setFrom] = useState('');
  const [slabs, setSlabs] = useState<SlabRow[]>(emptySlabs);
  const [problem, setProblem] = useState('');

  const setSlab = (i: number, change: Partial<SlabRow>) => setSlabs(slabs.map((s, j) => (j === i ? { ...s, ...change } : s)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const rule = ruleFromForm(prefix, from, slabs);
    if (typeof rule === 'string') {
      setProblem(rule);
      return;
    }
    setProblem('');
    if (await onAdd(rule)) {
      setPrefix('');
      setFrom('');
      setSlabs(emptySlabs);
    }
  }

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate aria-label="Add a GST rate rule">
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h3">
          Add a rule
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <DigitsField
            label="HSN prefix"
            value={prefix}
            maxDigits={8}
            onChange={setPrefix}
            helperText="2 to 8 digits, e.g. 61 or 4202"
          />
          <TextField
            label="Effective from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            helperText="India's date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        {slabs.map((slab, i) => {
          const last = i === slabs.length - 1;
          return (
            <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <TextField
                label={`Slab ${i + 1} rate (%)`}
                value={slab.rate}
                onChange={(e) => setSlab(i, { rate: e.target.value })}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                label={`Slab ${i + 1} up to (₹ per piece before tax)`}
                value={last ? '' : slab.upTo}
                disabled={last}
                placeholder={last ? 'No limit' : undefined}
                helperText={last ? 'The last slab takes every higher value' : undefined}
                onChange={(e) => setSlab(i, { upTo: e.target.value })}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              {!last && (
                <IconButton aria-label={`Remove slab ${i + 1}`} onClick={() => setSlabs(slabs.filter((_, j) => j !== i))}>
                  <DeleteIcon />
                </IconButton>
              )}
            </Box>
          );
        })}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setSlabs([{ upTo: '', rate: '' }, ...slabs])} disabled={slabs.length >= 10}>
            Add a lower slab
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : 'Add rule'}
          </Button>
        </Box>
        {problem && <Alert severity="error">{problem}</Alert>}
      </Stack>
    </Box>
  );
}

/** The GST rate table: the rules by HSN prefix and date, a rule to come added or deleted. */
export function GstRates() {
  const qc = useQueryClient();
  const rates = useQuery(gstRatesQuery());
  const [refusal, setRefusal] = useState('');
  const save = useMutation({
    mutationFn: saveGstRates,
    onSuccess: (res) => {
      qc.setQueryData(gstRatesKey, res.data);
      qc.invalidateQueries({ queryKey: ['gst', 'rate'] }).catch(() => undefined);
      setRefusal('');
      notify.success(res.message ?? 'GST rates saved');
    },
    onError: (err) => setRefusal(serverMessage(err, 'Saving the GST rates failed')),
  });
  const today = indiaDay();
  const rules = rates.data ?? [];

  async function replace(next: GstRateRuleInput[]): Promise<boolean> {
    try {
      await save.mutateAsync(next);
      return true;
    } catch {
      return false;
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="gst-rates" sx={{ p: { xs: 2, md: 4 }, maxWidth: 960 }}>
      <Stack spacing={3}>
        <Box>
          <Typography id="gst-rates" variant="h6" component="h2" gutterBottom>
            GST rates
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The rate of a piece is chosen by its HSN code (the longest matching prefix) and its value before tax, under the
            rule in force on the day the invoice is issued. Changes apply to documents issued from their effective date:
            issued invoices and credit notes keep their rates. For a change of law, add a rule with the date it takes effect.
          </Typography>
        </Box>
        {rates.isError ? (
          <RetryAlert onRetry={() => void rates.refetch()}>The GST rates could not be loaded.</RetryAlert>
        ) : (
          // Only the table scrolls sideways on a phone, not the whole page.
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="GST rate rules">
              <ColumnHead columns={['HSN prefix', 'Effective from', 'Rate (value per piece before tax)', 'Status', '']} />
              <TableBody>
                {rules.map((rule) => (
                  <TableRow key={`${rule.hsnPrefix}-${rule.effectiveFrom}`}>
                    <TableCell>{rule.hsnPrefix}</TableCell>
                    <TableCell>{dayText(rule.effectiveFrom)}</TableCell>
                    <TableCell>{slabsText(rule)}</TableCell>
                    <TableCell>{status(rule, rules, today)}</TableCell>
                    <TableCell align="right">
                      {rule.effectiveFrom > today && (
                        <IconButton
                          aria-label={`Delete the rule for ${rule.hsnPrefix} from ${dayText(rule.effectiveFrom)}`}
                          disabled={save.isPending}
                          onClick={() => void replace(rules.filter((r) => r !== rule).map(asInput))}
                        >
                          <DeleteIcon />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {refusal && (
          <Alert severity="error" onClose={() => setRefusal('')}>
            {refusal}
          </Alert>
        )}
        <AddRule busy={save.isPending || !rates.data} onAdd={(rule) => replace([...rules.map(asInput), rule])} />
      </Stack>
    </Paper>
  );
}
