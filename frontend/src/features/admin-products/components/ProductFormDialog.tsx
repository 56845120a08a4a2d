import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useUnsavedChanges } from '@/components/UnsavedChanges';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import CloseIcon from '@mui/icons-material/Close';
import UndoIcon from '@mui/icons-material/Undo';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { FormDialogActions } from '@/components/FormDialogActions';
import { IMAGE_ACCEPT, useObjectUrl } from '@/lib/object-url';
import type { AdminCategoryNode, AdminProduct, VariantDraft, VariantField } from '../types';
import { useGstWarnings, type ProductFormValues } from '../api';
import { MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES, cascadeLevels, categoryPath, checkAddedImages, validateProduct, type ProductErrors } from '../lib/product';
import { draftFromVariant, firstVariant, renamedColour, validateVariant } from '../lib/variants';
import { VariantRows } from './VariantRows';
import { DigitsField } from '@/components/DigitsField';
import { FilePickerButton } from '@/components/FilePickerButton';

interface Props {
  product: AdminProduct | null;
  categories: AdminCategoryNode[];
  saving: boolean;
  onClose: () => void;
  onSave: (values: ProductFormValues) => void;
}

/** The colour a picture shows: one of the variants' colours, or none. */
function ColourSelect({ label, value, colours, onChange }: { label: string; value: string; colours: string[]; onChange: (c: string) => void }) {
  return (
    <TextField
      select
      size="small"
      value={colours.includes(value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
      sx={{ width: 96, mt: 0.5, '& select': { py: 0.5, pl: 1, fontSize: 12 } }}
    >
      <option value="">Any colour</option>
      {colours.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </TextField>
  );
}

function NewImage({ file, onRemove, children }: { file: File; onRemove: () => void; children?: ReactNode }) {
  const url = useObjectUrl(file);
  return (
    <Box sx={{ position: 'relative' }} role="listitem" aria-label={`New image ${file.name}`}>
      <Box component="img" src={url ?? undefined} alt={file.name} sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100', display: 'block' }} />
      <Chip label="New" color="success" size="small" sx={{ position: 'absolute', left: 4, top: 4 }} />
      <IconButton size="small" aria-label={`Remove ${file.name}`} onClick={onRemove} sx={{ position: 'absolute', right: 2, top: 2, bgcolor: 'background.paper' }}>
        <CloseIcon fontSize="small" />
      </IconButton>
      {children}
    </Box>
  );
}

/** The HSN code the deepest chosen category has, or its nearest parent's. */
function inheritedHsn(categories: AdminCategoryNode[], path: string[]): string | null {
  let level = categories;
  let found: string | null = null;
  for (const id of path) {
    const node = level.find((c) => c.id === id);
    if (!node) break;
    if (node.hsnCode) found = node.hsnCode;
    level = node.subCategories ?? [];
  }
  return found;
}

const LEVEL_LABELS = ['Category', 'Subcategory', 'Sub-subcategory'];

/** Add or edit a product: category cascade down to the deepest subcategory, variants and images. */
export function ProductFormDialog({ product, categories, saving, onClose, onSave }: Props) {
  const editing = product !== null;
  const theme = useTheme();
  // On a phone the form takes the whole screen and each field a whole line, so no label is cut off.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [name, setName] = useState(product?.name ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [hsnCode, setHsnCode] = useState(product?.hsnCode ?? '');
  const [isBestSeller, setIsBestSeller] = useState(product?.isBestSeller ?? false);
  const [path, setPath] = useState<string[]>(() => categoryPath(categories, product?.categoryId ?? product?.category?.id));
  const [variants, setVariants] = useState<VariantDraft[]>(() =>
    product?.variants?.length ? product.variants.map(draftFromVariant) : [firstVariant()],
  );
  const [newImages, setNewImages] = useState<File[]>([]);
  // Each picture may show one of the variants' colours (the product page shows them first).
  const [imageColours, setImageColours] = useState<Record<string, string>>(() =>
    Object.fromEntries((product?.images ?? []).map((img) => [img.id, img.color ?? ''])),
  );
  const [newImageColours, setNewImageColours] = useState<string[]>([]);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [imageNote, setImageNote] = useState<string | null>(null);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  const levels = useMemo(() => cascadeLevels(categories, path), [categories, path]);
  const categoryId = path[path.length - 1] ?? '';
  const categoryHsn = inheritedHsn(categories, path);
  const gstWarnings = useGstWarnings(hsnCode || categoryHsn || '', variants.map((v) => v.originalPrice));
  const existing = product?.images ?? [];
  const keptCount = existing.filter((img) => !deleted.includes(img.id)).length;
  const imageCount = keptCount + newImages.length;
  const variantErrors = variants.map(validateVariant);
  const colourChoices = [...new Set(variants.map((v) => v.color.trim()).filter((c) => c && !c.startsWith('#')))];
  // A saved picture's colour as the form shows it: renamed in the variants, it follows.
  const pictureColour = (id: string) => {
    const c = imageColours[id] ?? '';
    return !c || colourChoices.includes(c) ? c : (renamedColour(product?.variants ?? [], variants, c) ?? '');
  };
  // After a save attempt the messages follow the fields: one goes away as soon as its field is fixed.
  const errors: ProductErrors = submitted ? validateProduct({ name, categoryId, imageCount, variantCount: variants.length }) : {};
  const snapshot = JSON.stringify([name, description, hsnCode, isBestSeller, path, variants, newImages.length, deleted]);
  const [initial] = useState(snapshot);
  const { requestClose, prompt } = useUnsavedChanges(snapshot !== initial && !saving, onClose);

  function choose(level: number, id: string) {
    setPath((p) => (id ? [...p.slice(0, level), id] : p.slice(0, level)));
  }

  function addFiles(files: File[]) {
    if (files.length === 0) return;
    const problem = checkAddedImages(files, imageCount);
    setImageNote(problem);
    if (problem) return;
    setNewImages((list) => [...list, ...files]);
    setNewImageColours((list) => [...list, ...files.map(() => '')]);
  }

  function toggleDeleted(id: string) {
    if (deleted.includes(id)) {
      // Keeping it again must stay within the limit.
      if (imageCount + 1 > MAX_PRODUCT_IMAGES) {
        setImageNote(PRODUCT_MESSAGES.tooManyImages);
        return;
      }
      setDeleted((d) => d.filter((x) => x !== id));
    } else setDeleted((d) => [...d, id]);
    setImageNote(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const check = validateProduct({ name, categoryId, imageCount, variantCount: variants.length });
    const rowsOk = variantErrors.every((v) => Object.keys(v).length === 0);
    if (Object.keys(check).length > 0 || !rowsOk) return;
    // A colour no variant has any more is sent as none.
    const colourOrNull = (c: string | undefined) => (c && colourChoices.includes(c) ? c : null);
    const imageColors = Object.fromEntries(
      existing
        .filter((img) => !deleted.includes(img.id) && colourOrNull(pictureColour(img.id)) !== (img.color ?? null))
        .map((img) => [img.id, colourOrNull(pictureColour(img.id))]),
    );
    onSave({
      id: product?.id,
      name,
      categoryId,
      description,
      hsnCode,
      isBestSeller,
      variants,
      newImages,
      deletedImageIds: deleted,
      imageColors,
      newImageColors: newImages.map((_, i) => colourOrNull(newImageColours[i])),
    });
  }

  const shown = (rowKey: string, field: VariantField) => submitted || touched.has(`${rowKey}:${field}`);
  const problems = Object.values(errors).filter(Boolean) as string[];

  return (
    <>
    {prompt}
    <Dialog open onClose={saving ? undefined : requestClose} fullWidth fullScreen={phone} maxWidth="lg" aria-labelledby="product-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="product-form-title">{editing ? 'Edit Product' : 'Add Product'}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={3}>
            {problems.length > 0 && (
              <Alert severity="error" role="alert">
                {problems.map((p) => (
                  <div key={p}>{p}</div>
                ))}
              </Alert>
            )}
            <TextField
              label="Product Name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errors.name)}
              autoFocus
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
              {levels.map((options, level) => (
                <TextField
                  key={level}
                  select
                  required={level === 0}
                  label={LEVEL_LABELS[level] ?? `Subcategory level ${level + 1}`}
                  value={path[level] ?? ''}
                  onChange={(e) => choose(level, e.target.value)}
                  error={level === 0 && Boolean(errors.category)}
                >
                  <MenuItem value="">{level === 0 ? 'Select category' : 'None'}</MenuItem>
                  {options.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Box>
            <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={3} />
            <DigitsField
              label="HSN code"
              value={hsnCode}
              maxDigits={8}
              onChange={setHsnCode}
              helperText={
                categoryHsn
                  ? `4 to 8 digits; empty: the category's ${categoryHsn}`
                  : '4 to 8 digits; needed for tax invoices (or give the category one)'
              }
            />
            {gstWarnings.map((w) => (
              <Alert key={w} severity="warning">
                {w}
              </Alert>
            ))}
            <FormControlLabel
              control={<Switch checked={isBestSeller} onChange={(e) => setIsBestSeller(e.target.checked)} />}
              label="Best seller"
            />
            <VariantRows
              rows={variants}
              errors={variantErrors}
              shown={shown}
              onChange={setVariants}
              onTouched={(key, field) => setTouched((t) => (t.has(`${key}:${field}`) ? t : new Set(t).add(`${key}:${field}`)))}
            />
            <Box>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                Images ({imageCount}/{MAX_PRODUCT_IMAGES}) *
              </Typography>
              <Box role="list" aria-label="Selected images" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
                {existing.map((img) => {
                  const marked = deleted.includes(img.id);
                  return (
                    <Box key={img.id} role="listitem" aria-label={marked ? 'Image marked for deletion' : 'Saved image'} sx={{ position: 'relative' }}>
                      <Box
                        component="img"
                        src={img.url}
                        alt=""
                        sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, display: 'block', opacity: marked ? 0.35 : 1, bgcolor: 'grey.100' }}
                      />
                      {marked && <Chip label="Delete" color="error" size="small" sx={{ position: 'absolute', left: 4, top: 4 }} />}
                      <IconButton
                        size="small"
                        aria-label={marked ? 'Keep image' : 'Mark image for deletion'}
                        onClick={() => toggleDeleted(img.id)}
                        sx={{ position: 'absolute', right: 2, top: 2, bgcolor: 'background.paper' }}
                      >
                        {marked ? <UndoIcon fontSize="small" /> : <DeleteIcon fontSize="small" />}
                      </IconButton>
                      {!marked && colourChoices.length > 0 && (
                        <ColourSelect
                          label={`Colour of saved image ${existing.indexOf(img) + 1}`}
                          value={pictureColour(img.id)}
                          colours={colourChoices}
                          onChange={(c) => setImageColours((m) => ({ ...m, [img.id]: c }))}
                        />
                      )}
                    </Box>
                  );
                })}
                {newImages.map((file, i) => (
                  <NewImage
                    key={`${file.name}-${i}`}
                    file={file}
                    onRemove={() => {
                      setNewImages((list) => list.filter((_, j) => j !== i));
                      setNewImageColours((list) => list.filter((_, j) => j !== i));
                    }}
                  >
                    {colourChoices.length > 0 && (
                      <ColourSelect
                        label={`Colour of new image ${file.name}`}
                        value={newImageColours[i] ?? ''}
                        colours={colourChoices}
                        onChange={(c) => setNewImageColours((list) => list.map((x, j) => (j === i ? c : x)))}
                      />
                    )}
                  </NewImage>
                ))}
              </Box>
              <FilePickerButton variant="outlined" startIcon={<UploadIcon />} accept={IMAGE_ACCEPT} multiple inputLabel="Product images" onFiles={addFiles}>
                Add images
              </FilePickerButton>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                PNG, JPG or JPEG, up to {MAX_PRODUCT_IMAGES} images
              </Typography>
              {imageNote && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {imageNote}
                </Alert>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={requestClose} saving={saving} label={editing ? 'Update Product' : 'Save Product'} />
      </form>
    </Dialog>
    </>
  );
}
