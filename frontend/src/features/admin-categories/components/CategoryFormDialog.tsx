import { useMemo, useState, type DragEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { FormDialogActions } from '@/components/FormDialogActions';
import { useUnsavedChanges } from '@/components/UnsavedChanges';
import { IMAGE_ACCEPT, useObjectUrl } from '@/lib/object-url';
import type { AdminCategory, CategoryFormValues } from '../types';
import { checkPickedFiles, filterCategoryName, parentOptions, validateCategory, type CategoryCheck } from '../lib/rules';
import { DigitsField } from '@/components/DigitsField';
import { FilePickerButton } from '@/components/FilePickerButton';

interface Props {
  /** The category being edited, or null to create one. */
  category: AdminCategory | null;
  categories: AdminCategory[];
  /** Parent preselected when creating (e.g. "add subcategory"). */
  defaultParentId?: string;
  saving: boolean;
  onClose: () => void;
  onSave: (values: CategoryFormValues) => void;
}

/** Create or edit a category: parent, name (letters, digits and spaces), description and exactly one image. */
export function CategoryFormDialog({ category, categories, defaultParentId = '', saving, onClose, onSave }: Props) {
  const editing = category !== null;
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [hsnCode, setHsnCode] = useState(category?.hsnCode ?? '');
  const [parentId, setParentId] = useState(category?.parentId ?? defaultParentId);
  const [file, setFile] = useState<File | null>(null);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [errors, setErrors] = useState<CategoryCheck>({});
  const [dragging, setDragging] = useState(false);
  const preview = useObjectUrl(file);

  const options = useMemo(() => parentOptions(categories, category?.id), [categories, category?.id]);
  const kept = (category?.uploads ?? []).filter((u) => !deleted.includes(u.id));
  const imageCount = kept.length + (file ? 1 : 0);
  const shownUrl = preview ?? kept[0]?.url ?? null;
  const snapshot = JSON.stringify([name, description, hsnCode, parentId, file?.name ?? null, deleted]);
  const [initial] = useState(snapshot);
  const { requestClose, prompt } = useUnsavedChanges(snapshot !== initial && !saving, onClose);

  function pick(files: File[]) {
    if (files.length === 0) return;
    const problem = checkPickedFiles(files);
    if (problem) {
      setErrors((e) => ({ ...e, image: problem }));
      return;
    }
    // A new image replaces the current one.
    setFile(files[0]);
    setDeleted((category?.uploads ?? []).map((u) => u.id));
    setErrors((e) => ({ ...e, image: undefined }));
  }

  function removeImage() {
    setFile(null);
    setDeleted((category?.uploads ?? []).map((u) => u.id));
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    pick(Array.from(e.dataTransfer?.files ?? []));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    // Creating needs an image, and so does a category that has one; one without keeps none.
    const imageRequired = !category || (category.uploads ?? []).length > 0;
    const check = validateCategory({ name, imageCount, imageRequired });
    setErrors(check);
    if (check.name || check.image) return;
    onSave({ name: name.trim(), description, parentId: parentId ?? '', hsnCode, file, deletedUploadIds: deleted });
  }

  return (
    <>
    {prompt}
    <Dialog open onClose={saving ? undefined : requestClose} fullWidth maxWidth="sm" aria-labelledby="category-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="category-form-title">{editing ? 'Edit Category' : 'Add Category'}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <TextField
              select
              label="Parent category"
              value={parentId ?? ''}
              onChange={(e) => setParentId(e.target.value)}
              helperText="Leave as none for a top-level category"
            >
              <MenuItem value="">None (top level)</MenuItem>
              {options.map((o) => (
                <MenuItem key={o.id} value={o.id} sx={{ pl: 2 + o.depth * 2 }}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Category name"
              required
              value={name}
              onChange={(e) => {
                setName(filterCategoryName(e.target.value));
                if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
              }}
              error={Boolean(errors.name)}
              helperText={errors.name ?? 'Letters, digits and spaces'}
              autoFocus
            />
            <TextField
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={3}
            />
            <DigitsField
              label="HSN code"
              value={hsnCode}
              maxDigits={8}
              onChange={setHsnCode}
              helperText="4 to 8 digits (6109 T-shirts, 6204 women's dresses, 4202 bags): its products and subcategories take it for tax invoices"
            />
            <Box>
              <Typography variant="subtitle2" component="p" gutterBottom>
                Image *
              </Typography>
              <Box
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                sx={{
                  border: '2px dashed',
                  borderColor: errors.image ? 'error.main' : dragging ? 'secondary.main' : 'divider',
                  borderRadius: 2,
                  p: 2,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 2,
                  flexWrap: 'wrap',
                }}
              >
                {shownUrl ? (
                  <Box
                    component="img"
                    src={shownUrl}
                    alt={file ? `New image ${file.name}` : 'Current image'}
                    sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }}
                  />
                ) : (
                  <Typography color="text.secondary">Drop an image here or choose one (PNG, JPG, JPEG)</Typography>
                )}
                <Stack direction="row" spacing={1}>
                  <FilePickerButton variant="outlined" startIcon={<UploadIcon />} accept={IMAGE_ACCEPT} inputLabel="Category image" onFiles={pick}>
                    {shownUrl ? 'Replace image' : 'Choose image'}
                  </FilePickerButton>
                  {shownUrl && (
                    <Button color="error" onClick={removeImage}>
                      Remove image
                    </Button>
                  )}
                </Stack>
              </Box>
              {errors.image && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {errors.image}
                </Alert>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={requestClose} saving={saving} label={editing ? 'Update' : 'Save'} />
      </form>
    </Dialog>
    </>
  );
}
