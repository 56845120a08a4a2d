import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { DigitsField } from '@/components/DigitsField';
import { PageLoader } from '@/components/PageLoader';
import { serverMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useObjectUrl } from '@/lib/object-url';
import { adminCompanyKeys, useCompany, useGstStates, useSaveCompany } from '../api';
import { COMPANY_MESSAGES, PHONE_MAX, PINCODE_MAX, checkLogo, digitsOnly, validateCompany, type CompanyErrors } from '../lib/rules';
import type { Company } from '../types';

function Form({ company, onSaved }: { company: Company | null; onSaved?: (c: Company | null) => void }) {
  const qc = useQueryClient();
  const [name, setName] = useState(company?.name ?? '');
  const [email, setEmail] = useState(company?.email ?? '');
  const [phone, setPhone] = useState(digitsOnly(company?.phone ?? '', PHONE_MAX));
  const [address, setAddress] = useState(company?.address ?? '');
  const [pincode, setPincode] = useState(digitsOnly(company?.pincode ?? '', PINCODE_MAX));
  const [legalName, setLegalName] = useState(company?.legalName ?? '');
  const [gstin, setGstin] = useState(company?.gstin ?? '');
  const [state, setState] = useState(company?.state ?? '');
  const [invoicePrefix, setInvoicePrefix] = useState(company?.invoicePrefix ?? '');
  const states = useGstStates();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [savedLogoUrl, setSavedLogoUrl] = useState(company?.logoUrl ?? null);
  const [errors, setErrors] = useState<CompanyErrors>({});
  const preview = useObjectUrl(logo);
  const save = useSaveCompany((saved) => {
    if (saved) qc.setQueryData(adminCompanyKeys.company, saved);
    onSaved?.(saved);
  });
  const shownLogo = preview ?? savedLogoUrl;

  function pickLogo(file: File | undefined) {
    if (!file) return;
    const problem = checkLogo(file);
    setLogoError(problem);
    if (!problem) setLogo(file);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const check = validateCompany({ name, email, phone, pincode });
    setErrors(check);
    if (Object.keys(check).length > 0) return;
    save.mutate(
      { name, email, phone, address, pincode, legalName, gstin, state, invoicePrefix, logo },
      {
        onSuccess: (res) => {
          notify.success(COMPANY_MESSAGES.saved);
          if (res?.data) setSavedLogoUrl(res.data.logoUrl ?? null);
          setLogo(null);
        },
        onError: (err) => {
          console.error('Company update failed', err);
          // A refused GSTIN, state or prefix says why (422 with the field).
          notify.error(serverMessage(err, COMPANY_MESSAGES.failed));
        },
      },
    );
  }

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate aria-label="Company details" sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
      <Stack spacing={3}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Avatar variant="rounded" src={shownLogo ?? undefined} alt={shownLogo ? 'Company logo' : undefined} sx={{ width: 96, height: 96, bgcolor: 'grey.100', color: 'text.disabled' }}>
            <BusinessIcon fontSize="large" />
          </Avatar>
          <Box>
            <Button variant="outlined" component="label" startIcon={<UploadIcon />}>
              {shownLogo ? 'Change logo' : 'Upload logo'}
              <input
                hidden
                type="file"
                accept=".png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml"
                aria-label="Company logo"
                onChange={(e) => pickLogo(e.target.files?.[0])}
              />
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              PNG, JPG or SVG, max 2MB
            </Typography>
          </Box>
        </Box>
        {logoError && <Alert severity="error">{logoError}</Alert>}
        <TextField
          label="Company name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <DigitsField
          label="Phone"
          value={phone}
          maxDigits={PHONE_MAX}
          onChange={setPhone}
          error={Boolean(errors.phone)}
          helperText={errors.phone ?? `Up to ${PHONE_MAX} digits`}
        />
        <TextField label="Address" value={address} onChange={(e) => setAddress(e.target.value)} multiline minRows={2} />
        <DigitsField
          label="Pincode"
          value={pincode}
          maxDigits={PINCODE_MAX}
          onChange={setPincode}
          error={Boolean(errors.pincode)}
          helperText={errors.pincode ?? `Up to ${PINCODE_MAX} digits`}
        />
        <Typography variant="subtitle1" component="h2">
          GST registration
        </Typography>
        <Typography variant="body2" color="text.secondary">
          With a GSTIN and its state, the shop issues a tax invoice when an order is first shipped and a credit note when an
          invoiced order is cancelled. Leave the GSTIN empty if the business is not registered.
        </Typography>
        <TextField
          label="Legal name"
          value={legalName}
          onChange={(e) => setLegalName(e.target.value)}
          helperText="As registered for GST; printed on invoices (the company name when empty)"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          select
          label="State"
          value={states.data?.some((s) => s.name === state) ? state : ''}
          onChange={(e) => setState(e.target.value)}
          helperText="Where the business is registered: deliveries to this state pay CGST and SGST, elsewhere IGST"
        >
          <MenuItem value="">
            <em>Not set</em>
          </MenuItem>
          {(states.data ?? []).map((s) => (
            <MenuItem key={s.code} value={s.name}>
              {s.name} ({s.code})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="GSTIN"
          value={gstin}
          onChange={(e) => setGstin(e.target.value.toUpperCase().replace(/\s/g, '').slice(0, 15))}
          helperText="15 characters; its first two digits are the state's code"
          slotProps={{ htmlInput: { maxLength: 15, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <TextField
          label="Invoice prefix"
          value={invoicePrefix}
          onChange={(e) => setInvoicePrefix(e.target.value.toUpperCase().slice(0, 4))}
          helperText="1 to 4 letters, digits or hyphens (INV when empty): invoices are numbered PREFIX/YY-YY/N"
          slotProps={{ htmlInput: { maxLength: 4 } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** Company name, contact data and logo, as the storefront shows them. */
export function CompanyPage({ onSaved }: { onSaved?: (c: Company | null) => void }) {
  const company = useCompany();
  return (
    <>
      <AdminPageHeader title="Company" subtitle="Name, contact details and logo shown on the storefront" />
      {company.isPending ? (
        <PageLoader label="Loading company details" />
      ) : (
        // A failed load is only logged: the form starts empty, so the details can still be saved.
        <Form company={company.data ?? null} onSaved={onSaved} />
      )}
    </>
  );
}
