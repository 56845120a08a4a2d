import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { PageLoader } from '@/components/PageLoader';
import { RetryAlert } from '@/components/RetryAlert';
import { serverMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { codKeys, codSettingsQuery, saveCodSettings, type CodSettings } from '../api';
import { mergePincodes, pincodesFromCsv } from '../pincodes';
import { DigitsField } from '@/components/DigitsField';
import { FilePickerButton } from '@/components/FilePickerButton';

const amountText = (v: number | null) => (v === null ? '' : String(v));

function amount(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (!t) return null;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : 'invalid';
}

/** One limit of the form: its error, when it has one, stands where its hint does. */
function LimitField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint: string;
  inputMode: 'decimal' | 'numeric';
}) {
  const { label, value, onChange, error, hint, inputMode } = props;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error || hint}
      slotProps={{ htmlInput: { inputMode } }}
    />
  );
}

function Form({ settings }: { settings: CodSettings }) {
  const qc = useQueryClient();
  const [min, setMin] = useState(amountText(settings.codMinOrderValue));
  const [max, setMax] = useState(amountText(settings.codMaxOrderValue));
  const [open, setOpen] = useState(String(settings.maxOpenCodOrders));
  const [units, setUnits] = useState(String(settings.maxUnitsPerLine));
  const [pins, setPins] = useState<string[]>(settings.blockedPincodes);
  const [newPin, setNewPin] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveCodSettings,
    onSuccess: (res) => {
      qc.setQueryData(codKeys.settings, res.data);
      setPins(res.data.blockedPincodes);
      notify.success(res.message ?? 'Cash on delivery settings saved');
    },
    onError: (err) => notify.error(serverMessage(err, 'Saving the settings failed')),
  });

  function addPin() {
    if (!/^[1-9]\d{5}$/.test(newPin)) {
      setErrors({ ...errors, newPin: 'Enter a 6-digit PIN code' });
      return;
    }
    setPins(mergePincodes(pins, [newPin]));
    setNewPin('');
    setErrors({ ...errors, newPin: '' });
  }

  async function importCsv(file: File | undefined) {
    if (!file) return;
    const { pincodes, skipped } = pincodesFromCsv(await file.text());
    setPins(mergePincodes(pins, pincodes));
    notify.success(`${pincodes.length} PIN codes imported${skipped ? `, ${skipped} other entries skipped` : ''}. Save to apply.`);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    const minValue = amount(min);
    const maxValue = amount(max);
    if (minValue === 'invalid') found.min = 'Enter rupees with at most two decimals, or leave empty';
    if (maxValue === 'invalid') found.max = 'Enter rupees with at most two decimals, or leave empty';
    const count = (t: string) => (/^\d+$/.test(t.trim()) && Number(t) >= 1 && Number(t) <= 1000 ? Number(t) : null);
    const openValue = count(open);
    const unitsValue = count(units);
    if (openValue === null) found.open = 'A whole number from 1 to 1000';
    if (unitsValue === null) found.units = 'A whole number from 1 to 1000';
    setErrors(found);
    if (Object.keys(found).length > 0 || minValue === 'invalid' || maxValue === 'invalid' || !openValue || !unitsValue) return;
    save.mutate({
      codMinOrderValue: minValue,
      codMaxOrderValue: maxValue,
      maxOpenCodOrders: openValue,
      maxUnitsPerLine: unitsValue,
      blockedPincodes: pins,
    });
  }

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate aria-label="Cash on delivery settings" sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
      <Stack spacing={3}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <LimitField label="Smallest order (Rs)" value={min} onChange={setMin} error={errors.min} hint="Empty: no minimum" inputMode="decimal" />
          <LimitField label="Largest order (Rs)" value={max} onChange={setMax} error={errors.max} hint="Empty: no maximum" inputMode="decimal" />
          <LimitField label="Open orders per customer" value={open} onChange={setOpen} error={errors.open} hint="Orders pending or shipped at once" inputMode="numeric" />
          <LimitField label="Pieces per line" value={units} onChange={setUnits} error={errors.units} hint="Of one size of one product in an order" inputMode="numeric" />
        </Box>
        <Box component="section" aria-labelledby="blocked-pins">
          <Typography id="blocked-pins" variant="h6" component="h2" gutterBottom>
            PIN codes without cash on delivery
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
            <DigitsField
              size="small"
              label="PIN code"
              value={newPin}
              maxDigits={6}
              onChange={setNewPin}
              error={Boolean(errors.newPin)}
              helperText={errors.newPin || undefined}
            />
            <Button variant="outlined" onClick={addPin}>
              Add
            </Button>
            <FilePickerButton
              variant="outlined"
              startIcon={<UploadIcon />}
              accept=".csv,text/csv,text/plain"
              inputLabel="PIN codes file to import"
              onFiles={(files) => void importCsv(files[0])}
            >
              Import CSV
            </FilePickerButton>
          </Box>
          {pins.length === 0 ? (
            <Typography color="text.secondary">Cash on delivery is offered at every PIN code the shop delivers to.</Typography>
          ) : (
            <Box aria-label="Blocked PIN codes" role="list" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', maxHeight: 240, overflow: 'auto' }}>
              {pins.map((pin) => (
                <Chip key={pin} role="listitem" label={pin} onDelete={() => setPins(pins.filter((p) => p !== pin))} />
              ))}
            </Box>
          )}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** Back office Settings: the cash-on-delivery rules the shop enforces on every order. */
export function CodSettingsPage() {
  const query = useQuery(codSettingsQuery());
  return (
    <Box>
      <AdminPageHeader title="Settings" subtitle="Cash on delivery: which orders the shop accepts" />
      {query.isLoading && <PageLoader label="Loading settings" />}
      {query.isError && <RetryAlert onRetry={() => void query.refetch()}>Could not load the settings</RetryAlert>}
      {query.data && <Form settings={query.data} />}
    </Box>
  );
}
