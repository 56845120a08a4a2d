import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { VariantDraft, VariantErrors, VariantField } from '../types';
import { applyColorInput, applyPickedColor, nextVariant, normalizeHex, priceConflict, syncLockedColors } from '../lib/variants';

interface Props {
  rows: VariantDraft[];
  errors: VariantErrors[];
  /** Fields whose errors are shown (edited ones, or all after a save attempt). */
  shown: (rowKey: string, field: VariantField) => boolean;
  onChange: (rows: VariantDraft[]) => void;
  onTouched: (rowKey: string, field: VariantField) => void;
}

/** A field's error when there is one, else its hint. */
function messages(error: string | undefined, hint?: string) {
  return { error: Boolean(error), helperText: error ?? hint };
}

type PriceField = 'originalPrice' | 'discountPrice';

// The names are the shop's own (the API's too); the hints say what each is, as owners read
// "original" as the MRP: the shopper pays the first, and sees the MRP as the two together.
const PRICE_FIELDS: { field: PriceField; label: string; hint: string; required?: boolean }[] = [
  { field: 'originalPrice', label: 'Original Price', hint: 'What the shopper pays, GST included', required: true },
  { field: 'discountPrice', label: 'Discount Price', hint: 'The saving: MRP shown = price + saving' },
];

/** Variant rows: size, colour by name, hex or picker, stock, original and discount price, SKU. */
export function VariantRows({ rows, errors, shown, onChange, onTouched }: Props) {
  function update(index: number, next: VariantDraft, field: VariantField) {
    onChange(syncLockedColors(rows.map((r, i) => (i === index ? next : r))));
    onTouched(next.key, field);
  }

  function setPrice(index: number, field: PriceField, value: string) {
    const row = rows[index];
    update(index, { ...row, [field]: value, lastPriceField: field }, field);
  }

  return (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Variants
      </Typography>
      {rows.map((row, index) => {
        const e = errors[index] ?? {};
        const err = (field: VariantField) => (shown(row.key, field) ? e[field] : undefined);
        // The price rule shows as soon as both prices are typed.
        const live = priceConflict(row.originalPrice, row.discountPrice, row.lastPriceField);
        const priceError = (field: PriceField) => err(field) ?? (live?.field === field ? live.message : undefined);
        const picker = normalizeHex(row.colorHexCode) ?? '#000000';
        const n = index + 1;
        return (
          <Paper
            key={row.key}
            variant="outlined"
            component="fieldset"
            aria-label={`Variant ${n}`}
            sx={{ p: 2, mb: 1.5, border: 1, borderColor: 'divider', m: 0, mt: index ? 1.5 : 0 }}
          >
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(7, 1fr) auto' }, alignItems: 'start' }}>
              <TextField
                size="small"
                label="Size"
                required
                value={row.size}
                onChange={(ev) => update(index, { ...row, size: ev.target.value.toUpperCase() }, 'size')}
                {...messages(err('size'))}
                slotProps={{ htmlInput: { 'aria-label': `Variant ${n} size` } }}
              />
              <TextField
                size="small"
                label="Color"
                required
                value={row.color}
                onChange={(ev) => update(index, applyColorInput(row, ev.target.value), 'color')}
                {...messages(err('color'), row.colorLocked ? 'Same as the previous variant' : 'Name or hex')}
                slotProps={{ htmlInput: { 'aria-label': `Variant ${n} color`, readOnly: row.colorLocked } }}
              />
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'start' }}>
                <TextField
                  size="small"
                  label="Hex"
                  value={row.colorHexCode}
                  onChange={(ev) => update(index, { ...row, colorHexCode: ev.target.value }, 'colorHexCode')}
                  {...messages(err('colorHexCode'))}
                  slotProps={{ htmlInput: { 'aria-label': `Variant ${n} hex code`, readOnly: row.colorLocked } }}
                  sx={{ flexGrow: 1 }}
                />
                <Box
                  component="input"
                  type="color"
                  aria-label={`Variant ${n} color picker`}
                  value={picker}
                  disabled={row.colorLocked}
                  onChange={(ev: React.ChangeEvent<HTMLInputElement>) => update(index, applyPickedColor(row, ev.target.value), 'color')}
                  sx={{ width: 40, height: 40, p: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer' }}
                />
              </Box>
              <TextField
                size="small"
                label="Stock"
                type="number"
                value={row.stock}
                onChange={(ev) => update(index, { ...row, stock: ev.target.value }, 'stock')}
                {...messages(err('stock'))}
                slotProps={{ htmlInput: { 'aria-label': `Variant ${n} stock`, min: 0, step: 1 } }}
              />
              {PRICE_FIELDS.map((p) => (
                <TextField
                  key={p.field}
                  size="small"
                  label={p.label}
                  required={p.required}
                  type="number"
                  value={row[p.field]}
                  onChange={(ev) => setPrice(index, p.field, ev.target.value)}
                  {...messages(priceError(p.field), p.hint)}
                  slotProps={{ htmlInput: { 'aria-label': `Variant ${n} ${p.label.toLowerCase()}`, min: 0, step: '0.01' } }}
                />
              ))}
              <TextField
                size="small"
                label="SKU"
                value={row.sku ?? ''}
                onChange={(ev) => update(index, { ...row, sku: ev.target.value }, 'sku')}
                {...messages(err('sku'), 'Optional, unique')}
                slotProps={{ htmlInput: { 'aria-label': `Variant ${n} SKU`, maxLength: 40 } }}
              />
              <IconButton
                aria-label={`Remove variant ${n}`}
                disabled={rows.length === 1}
                onClick={() => onChange(syncLockedColors(rows.filter((_, i) => i !== index)))}
                sx={{ justifySelf: 'start' }}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          </Paper>
        );
      })}
      <Button startIcon={<AddIcon />} onClick={() => onChange([...rows, nextVariant(rows[rows.length - 1])])} sx={{ mt: 1 }}>
        Add Variant
      </Button>
    </Box>
  );
}
