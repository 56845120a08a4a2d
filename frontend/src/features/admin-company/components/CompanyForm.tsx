import { useRef, useState, type FormEvent } from 'react';
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
import { fieldError, serverMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useObjectUrl } from '@/lib/object-url';
import { fieldBinder } from '@/lib/forms';
import { adminCompanyKeys, useCompany, useGstStates, useSaveCompany, type CompanyValues } from '../api';
import { COMPANY_MESSAGES, GRIEVANCE_TEXT_MAX, PINCODE_MAX, checkLogo, validateCompany } from '../lib/rules';
import { digitsOnly } from '@/lib/forms';
import { nationalPhone } from '@/lib/india';
import type { Company } from '../types';
import { FilePickerButton } from '@/components/FilePickerButton';

type CompanyFields = Omit<CompanyValues, 'logo'>;
/** A field's problem: the form's own check, or the server's refusal naming that field. */
type FieldErrors = Partial<Record<keyof CompanyFields, string>>;

/** The form's fields as the saved company has them (the pincode cut to its digits). */
function initialFields(company: Company | null): CompanyFields {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    address: company?.address ?? '',
    pincode: digitsOnly(company?.pincode ?? '', PINCODE_MAX),
    legalName: company?.legalName ?? '',
    gstin: company?.gstin ?? '',
    state: company?.state ?? '',
    invoicePrefix: company?.invoicePrefix ?? '',
    grievanceOfficer: company?.grievanceOfficer ?? '',
    grievanceDesignation: company?.grievanceDesignation ?? '',
    grievanceEmail: company?.grievanceEmail ?? '',
    grievancePhone: company?.grievancePhone ?? '',
  };
}

/** A phone as the shop keeps it: its 10 digits, however typed (empty stays empty). */
function phoneDigits(raw: string): string {
  return nationalPhone(raw) ?? raw.trim();
}

/** Moves the focus to the form's field `name`: its input, or a picker's own control (its
 * named input is hidden). */
function focusField(form: HTMLFormElement | null, name: string) {
  const input = form?.elements.namedItem(name);
  if (!(input instanceof HTMLElement)) return;
  const hidden = input.getAttribute('aria-hidden') === 'true';
  const control = hidden ? input.parentElement?.querySelector<HTMLElement>('[role="combobox"]') : input;
  control?.focus();
}

/** The officer every storefront page names (Consumer Protection (E-Commerce) Rules, 2020, rule 4(4)). */
function GrievanceOfficerFields({ bind }: { bind: ReturnType<typeof fieldBinder<CompanyFields>> }) {
  return (
    <>
      <Typography variant="subtitle1" component="h2">
        Grievance officer
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Shown at the foot of every page of the shop, as the Consumer Protection (E-Commerce) Rules, 2020 require. Email and
        phone: the company's when left empty.
      </Typography>
      <TextField label="Officer's name" {...bind('grievanceOfficer')} slotProps={{ htmlInput: { maxLength: GRIEVANCE_TEXT_MAX } }} />
      <TextField label="Designation" {...bind('grievanceDesignation')} slotProps={{ htmlInput: { maxLength: GRIEVANCE_TEXT_MAX } }} />
      <TextField label="Grievance email" type="email" {...bind('grievanceEmail')} />
      <TextField
        label="Grievance phone"
        {...bind('grievancePhone')}
        slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20, autoComplete: 'off' } }}
      />
    </>
  );
}

function Form({ company, onSaved }: { company: Company | null; onSaved?: (c: Company | null) => void }) {
  const qc = useQueryClient();
  const [fields, setFields] = useState(() => initialFields(company));
  const states = useGstStates();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [savedLogoUrl, setSavedLogoUrl] = useState(company?.logoUrl ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const bind = fieldBinder(fields, setFields, errors);
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
    const check = validateCompany(fields);
    setErrors(check);
    if (Object.keys(check).length > 0) return;
    save.mutate(
      { ...fields, phone: phoneDigits(fields.phone), grievancePhone: phoneDigits(fields.grievancePhone), logo },
      {
        onSuccess: (res) => {
          notify.success(COMPANY_MESSAGES.saved);
          if (res?.data) setSavedLogoUrl(res.data.logoUrl ?? null);
          setLogo(null);
        },
        onError: (err) => {
          console.error('Company update failed', err);
          // A refused GSTIN, state, prefix or grievance officer (422 naming the field) is shown
          // under that field, which takes the focus; any other failure is a notice.
          const field = fieldError(err, Object.keys(fields) as (keyof CompanyFields)[]);
          if (field) {
            setErrors({ [field]: serverMessage(err, COMPANY_MESSAGES.failed) });
            focusField(formRef.current, field);
          } else notify.error(serverMessage(err, COMPANY_MESSAGES.failed));
        },
      },
    );
  }

  return (
    <Paper variant="outlined" component="form" ref={formRef} onSubmit={submit} noValidate aria-label="Company details" sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
      <Stack spacing={3}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Avatar variant="rounded" src={shownLogo ?? undefined} alt={shownLogo ? 'Company logo' : undefined} sx={{ width: 96, height: 96, bgcolor: 'grey.100', color: 'text.disabled' }}>
            <BusinessIcon fontSize="large" />
          </Avatar>
          <Box>
            <FilePickerButton
              variant="outlined"
              startIcon={<UploadIcon />}
              accept=".png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml"
              inputLabel="Company logo"
              onFiles={(files) => pickLogo(files[0])}
            >
              {shownLogo ? 'Change logo' : 'Upload logo'}
            </FilePickerButton>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              PNG, JPG or SVG, max 2MB
            </Typography>
          </Box>
        </Box>
        {logoError && <Alert severity="error">{logoError}</Alert>}
        <TextField label="Company name" required {...bind('name')} />
        <TextField label="Email" type="email" {...bind('email')} />
        <TextField
          label="Phone"
          {...bind('phone')}
          helperText={errors.phone ?? 'A mobile, or a landline with its STD code'}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20, autoComplete: 'tel' } }}
        />
        <TextField label="Address" {...bind('address')} multiline minRows={2} />
        <DigitsField
          label="Pincode"
          {...bind('pincode')}
          maxDigits={PINCODE_MAX}
          onChange={(pincode) => setFields({ ...fields, pincode })}
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
          {...bind('legalName')}
          helperText={errors.legalName ?? 'As registered for GST; printed on invoices (the company name when empty)'}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          select
          label="State"
          value={states.data?.some((s) => s.name === fields.state) ? fields.state : ''}
          onChange={(e) => setFields({ ...fields, state: e.target.value })}
          name="state"
          error={Boolean(errors.state)}
          helperText={errors.state ?? 'Where the business is registered: deliveries to this state pay CGST and SGST, elsewhere IGST'}
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
          {...bind('gstin', (raw) => raw.toUpperCase().replace(/\s/g, '').slice(0, 15))}
          helperText={errors.gstin ?? "15 characters; its first two digits are the state's code"}
          slotProps={{ htmlInput: { maxLength: 15, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <TextField
          label="Invoice prefix"
          {...bind('invoicePrefix', (raw) => raw.toUpperCase().slice(0, 4))}
          helperText={errors.invoicePrefix ?? '1 to 4 letters, digits or hyphens (INV when empty): invoices are numbered PREFIX/YY-YY/N'}
          slotProps={{ htmlInput: { maxLength: 4 } }}
        />
        <GrievanceOfficerFields bind={bind} />
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
