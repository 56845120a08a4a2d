import { useEffect, useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { ConfirmDelete } from '@/components/ConfirmDialog';
import { IconAction } from '@/components/IconAction';
import { CardList, ListTable } from '@/components/ListViews';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { RetryAlert } from '@/components/RetryAlert';
import { serverMessage } from '@/lib/api';
import { useToggleSet } from '@/lib/hooks';
import { notify } from '@/lib/notify';
import { PLACEHOLDER_IMAGE } from '@/lib/images';
import { useAdminCategories, useDeleteCategory, useSaveCategory } from '../api';
import { CATEGORY_MESSAGES, categoryRows } from '../lib/rules';
import type { AdminCategory, CategoryFormValues } from '../types';
import { CategoryFormDialog } from './CategoryFormDialog';

type FormState = { category: AdminCategory | null; parentId?: string } | null;

/** A category card's button: "Show 2 subcategories", "Hide 1 subcategory". */
function subcategoriesText(expanded: boolean, n: number): string {
  return `${expanded ? 'Hide' : 'Show'} ${n} subcategor${n === 1 ? 'y' : 'ies'}`;
}

/** The category table with nested rows, the create/edit dialog and the delete confirmation. */
export function CategoriesPage({ onChanged }: { onChanged?: () => void }) {
  const theme = useTheme();
  // On a phone the table becomes cards, with Edit and Delete in reach (as the orders page does).
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const list = useAdminCategories();
  const save = useSaveCategory(onChanged);
  const remove = useDeleteCategory(onChanged);
  const [expanded, toggle, setExpanded] = useToggleSet();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<AdminCategory | null>(null);

  const categories = useMemo(() => list.data ?? [], [list.data]);
  const rows = useMemo(() => categoryRows(categories, expanded), [categories, expanded]);

  useEffect(() => {
    if (list.isError) notify.error(CATEGORY_MESSAGES.fetchFailed);
  }, [list.isError, list.errorUpdatedAt]);

  function onSave(values: CategoryFormValues) {
    const editingId = form?.category?.id;
    save.mutate(
      { id: editingId, values },
      {
        onSuccess: () => {
          notify.success(editingId ? CATEGORY_MESSAGES.updated : CATEGORY_MESSAGES.saved);
          if (values.parentId) setExpanded((prev) => new Set(prev).add(values.parentId));
          setForm(null);
        },
        onError: (err) => notify.error(serverMessage(err, CATEGORY_MESSAGES.saveFailed)),
      },
    );
  }

  function onDelete() {
    if (!toDelete) return;
    const target = toDelete;
    remove.mutate(target.id, {
      onSuccess: (res) => {
        notify.error(`Deleted category: ${res?.data?.name ?? target.name}`);
        setToDelete(null);
      },
      onError: (err) => {
        notify.error(serverMessage(err, CATEGORY_MESSAGES.deleteFailed));
        setToDelete(null);
      },
    });
  }

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({ category: null })}>
      Add Category
    </Button>
  );

  let body;
  if (list.isPending) body = <PageLoader label="Loading categories" />;
  else if (list.isError)
    body = (
      <RetryAlert onRetry={() => list.refetch()}>{CATEGORY_MESSAGES.fetchFailed}</RetryAlert>
    );
  else if (categories.length === 0)
    body = (
      <EmptyState
        outlined
        icon={<CategoryIcon />}
        title="No categories found"
        text="Get started by creating your first category"
        action={addButton}
      />
    );
  else if (small)
    body = (
      <CardList label="Categories" spacing={1.5}>
        {rows.map((row) => {
          const c = row.category;
          return (
            <Card key={c.id} component="li" variant="outlined" aria-label={c.name} sx={{ ml: row.depth * 2, bgcolor: row.depth > 0 ? 'grey.50' : undefined }}>
              <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pb: 1 }}>
                <Avatar variant="rounded" src={c.uploads?.[0]?.url ?? c.imageUrl ?? PLACEHOLDER_IMAGE} alt="" sx={{ width: 48, height: 48 }} />
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
                    {row.number}. {c.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {c.description || '—'}
                  </Typography>
                </Box>
              </CardContent>
              <CardActions sx={{ px: 2, pb: 1.5, gap: 1, flexWrap: 'wrap' }}>
                {row.hasChildren && (
                  // The name is the words shown and the category's name after them (WCAG 2.5.3).
                  <Button size="small" aria-expanded={row.expanded} onClick={() => toggle(c.id)} aria-label={`${subcategoriesText(row.expanded, c.subCategories.length)} of ${c.name}`}>
                    {subcategoriesText(row.expanded, c.subCategories.length)}
                  </Button>
                )}
                <Button size="small" startIcon={<AddIcon />} onClick={() => setForm({ category: null, parentId: c.id })} aria-label={`Add subcategory to ${c.name}`}>
                  Subcategory
                </Button>
                <Button size="small" startIcon={<EditIcon />} onClick={() => setForm({ category: c })} aria-label={`Edit ${c.name}`}>
                  Edit
                </Button>
                <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setToDelete(c)} aria-label={`Delete ${c.name}`}>
                  Delete
                </Button>
              </CardActions>
            </Card>
          );
        })}
      </CardList>
    );
  else
    body = (
      <ListTable label="Categories" columns={[{ label: 'S.No', width: 90 }, 'Category', 'Description', { label: 'Actions', align: 'right' }]}>
        {rows.map((row) => {
          const c = row.category;
          return (
            <TableRow key={c.id} hover sx={{ bgcolor: row.depth > 0 ? 'grey.50' : undefined }}>
              <TableCell>{row.number}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pl: row.depth * 3 }}>
                  {row.hasChildren ? (
                    <IconButton
                      size="small"
                      aria-label={`${row.expanded ? 'Collapse' : 'Expand'} ${c.name}`}
                      aria-expanded={row.expanded}
                      onClick={() => toggle(c.id)}
                    >
                      {row.expanded ? <ExpandMoreIcon /> : <ChevronRightIcon />}
                    </IconButton>
                  ) : (
                    <Box sx={{ width: 34 }} />
                  )}
                  <Avatar
                    variant="rounded"
                    src={c.uploads?.[0]?.url ?? c.imageUrl ?? PLACEHOLDER_IMAGE}
                    alt=""
                    sx={{ width: 40, height: 40 }}
                  />
                  <Box>
                    <Typography fontWeight={600}>{c.name}</Typography>
                    {row.hasChildren && (
                      <Typography variant="caption" color="text.secondary">
                        {c.subCategories.length} subcategor{c.subCategories.length === 1 ? 'y' : 'ies'}
                      </Typography>
                    )}
                  </Box>
                </Box>
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', maxWidth: 360 }}>{c.description || '—'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconAction title="Add subcategory" label={`Add subcategory to ${c.name}`} icon={<AddIcon />} onClick={() => setForm({ category: null, parentId: c.id })} />
                <IconAction title="Edit" label={`Edit ${c.name}`} icon={<EditIcon />} onClick={() => setForm({ category: c })} />
                <IconAction title="Delete" label={`Delete ${c.name}`} icon={<DeleteIcon />} color="error" onClick={() => setToDelete(c)} />
              </TableCell>
            </TableRow>
          );
        })}
      </ListTable>
    );

  return (
    <>
      <AdminPageHeader title="Categories" subtitle="Categories and their subcategories" action={addButton} />
      {body}
      {form && (
        <CategoryFormDialog
          key={form.category?.id ?? `new-${form.parentId ?? ''}`}
          category={form.category}
          categories={categories}
          defaultParentId={form.parentId}
          saving={save.isPending}
          onClose={() => setForm(null)}
          onSave={onSave}
        />
      )}
      <ConfirmDelete thing="category" name={toDelete?.name} busy={remove.isPending} onConfirm={onDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
