import { Fragment, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Pagination from '@mui/material/Pagination';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import { useQueryClient } from '@tanstack/react-query';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { ConfirmDelete } from '@/components/ConfirmDialog';
import { IconAction } from '@/components/IconAction';
import { ListTable } from '@/components/ListViews';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { RetryAlert } from '@/components/RetryAlert';
import { serverMessage } from '@/lib/api';
import { useToggleSet } from '@/lib/hooks';
import { useListParams } from '@/lib/list-params';
import { notify } from '@/lib/notify';
import { PLACEHOLDER_IMAGE } from '@/lib/images';
import {
  adminProductKeys,
  useAdminProducts,
  useCategoryTree,
  useDeleteProduct,
  useDuplicateProduct,
  useSaveProduct,
  type ProductFormValues,
  type ProductListParams,
  type StockFilter,
} from '../api';
import { PRODUCT_MESSAGES, imagesText, serialNumber } from '../lib/product';
import type { AdminProduct } from '../types';
import { ImageGalleryDialog } from './ImageGalleryDialog';
import { ProductCards } from './ProductCards';
import { ProductFormDialog } from './ProductFormDialog';
import { CatalogFileButtons } from './CatalogFileButtons';
import { InlineVariantsTable } from './InlineVariantsTable';
import { ProductFilters } from './ProductFilters';

const STOCK_VALUES: StockFilter[] = ['in', 'low', 'out'];

/** The list's filters live in the address, so a dashboard figure can link to them. */
const LIST_PARAMS = {
  read: (search: URLSearchParams) => {
    const stock = search.get('stock');
    return {
      q: search.get('q') || undefined,
      categoryId: search.get('category') || undefined,
      stock: STOCK_VALUES.includes(stock as StockFilter) ? (stock as StockFilter) : undefined,
    };
  },
  write: (next: ProductListParams) => ({ q: next.q, category: next.categoryId, stock: next.stock }),
};

type FormState = { product: AdminProduct | null } | null;

/** The product table, paged by 10, with variants, images, the add/edit dialog and deletion. */
export function ProductsPage({ onChanged }: { onChanged?: () => void }) {
  const qc = useQueryClient();
  const theme = useTheme();
  // On a phone the table becomes cards, with Edit and Delete in reach (as the orders page does).
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [params, setParams] = useListParams<ProductListParams>(LIST_PARAMS);
  const page = params.page;
  const setPage = (p: number | ((prev: number) => number)) => setParams({ page: typeof p === 'function' ? p(page) : p });
  const products = useAdminProducts(params);
  const [form, setForm] = useState<FormState>(null);
  const categories = useCategoryTree();
  const filtered = Boolean(params.q || params.categoryId || params.stock);
  const save = useSaveProduct(onChanged);
  const remove = useDeleteProduct(onChanged);
  const duplicate = useDuplicateProduct(onChanged);

  function onDuplicate(p: AdminProduct) {
    duplicate.mutate(p.id, {
      onSuccess: (res) => {
        notify.success(res?.message || `Copied as ${res.data.name}`);
        // The copy opens for editing: its name, stock and SKUs are what an owner changes first.
        setForm({ product: res.data });
      },
      onError: (err) => notify.error(serverMessage(err, 'Failed to duplicate the product')),
    });
  }
  const [expanded, toggle] = useToggleSet();
  const [gallery, setGallery] = useState<AdminProduct | null>(null);
  const [toDelete, setToDelete] = useState<AdminProduct | null>(null);

  const items = products.data?.data ?? [];
  const totalPages = products.data?.totalPages ?? 1;

  // A page that became empty (its last product deleted elsewhere) falls back to the previous one.
  useEffect(() => {
    if (products.isSuccess && !products.isPlaceholderData && items.length === 0 && page > 1) setPage(page - 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setPage writes the address; only these values decide
  }, [products.isSuccess, products.isPlaceholderData, items.length, page]);

  function onSave(values: ProductFormValues) {
    save.mutate(values, {
      onSuccess: (res) => {
        notify.success(res?.message || (values.id ? PRODUCT_MESSAGES.updated : PRODUCT_MESSAGES.added));
        setForm(null);
      },
      onError: (err) => notify.error(serverMessage(err, PRODUCT_MESSAGES.saveFailed)),
    });
  }

  function onDelete() {
    if (!toDelete) return;
    const lastOnPage = items.length === 1 && page > 1;
    remove.mutate(toDelete.id, {
      onSuccess: (res) => {
        notify.success(res?.message || PRODUCT_MESSAGES.deleted);
        setToDelete(null);
        // Deleting the last product of a page shows the previous page.
        if (lastOnPage) setPage((p) => Math.max(1, p - 1));
        void qc.invalidateQueries({ queryKey: adminProductKeys.all });
      },
      onError: (err) => {
        // A refusal says why (a product in orders not yet delivered stays).
        notify.error(serverMessage(err, PRODUCT_MESSAGES.deleteFailed));
        setToDelete(null);
      },
    });
  }

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({ product: null })}>
      Add Product
    </Button>
  );

  let body;
  if (products.isPending) body = <PageLoader label="Loading products" />;
  else if (products.isError && !products.data)
    body = (
      <RetryAlert onRetry={() => products.refetch()} title={PRODUCT_MESSAGES.fetchFailed}>
        {serverMessage(products.error, 'Please check the connection and try again.')}
      </RetryAlert>
    );
  else if (items.length === 0 && page === 1 && filtered)
    body = (
      <EmptyState
        outlined
        icon={<InventoryIcon />}
        title="No products match"
        text="Try other words, another category or stock filter."
        action={<Button onClick={() => setParams({ q: undefined, categoryId: undefined, stock: undefined })}>Clear filters</Button>}
      />
    );
  else if (items.length === 0 && page === 1)
    body = (
      <EmptyState outlined icon={<InventoryIcon />} title="No products available" text="Add your first product to start selling." action={addButton} />
    );
  else
    body = (
      <>
        {small ? (
          <ProductCards items={items} page={page} onEdit={(p) => setForm({ product: p })} onDelete={setToDelete} onImages={setGallery} />
        ) : (
        <ListTable
          label="Products"
          columns={[{ label: 'S.No', width: 70 }, 'Category', 'Product', 'Variants', 'Images', { label: 'Actions', align: 'right' }]}
          sx={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}
        >
          {items.map((p, i) => {
            const open = expanded.has(p.id);
            return (
              <Fragment key={p.id}>
                <TableRow hover sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
                  <TableCell>{serialNumber(page, i)}</TableCell>
                  <TableCell>{p.category?.name ?? '—'}</TableCell>
                  <TableCell>
                    <Typography fontWeight={600}>{p.name}</Typography>
                    {p.isBestSeller && (
                      <Typography variant="caption" color="secondary">
                        Best seller
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => toggle(p.id)}
                      aria-expanded={open}
                      // The name begins with the words shown (WCAG 2.5.3); aria-expanded says shown or hidden.
                      aria-label={`${p.variants.length} variant${p.variants.length === 1 ? '' : 's'} of ${p.name}`}
                      startIcon={open ? <ExpandMoreIcon /> : <ChevronRightIcon />}
                    >
                      {p.variants.length} variant{p.variants.length === 1 ? '' : 's'}
                    </Button>
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Avatar variant="rounded" src={p.images?.[0]?.url ?? PLACEHOLDER_IMAGE} alt="" sx={{ width: 40, height: 40 }} />
                      <Button size="small" onClick={() => setGallery(p)} aria-label={`${imagesText(p)} of ${p.name}`}>
                        {imagesText(p)}
                      </Button>
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconAction title="Edit" label={`Edit ${p.name}`} icon={<EditIcon />} onClick={() => setForm({ product: p })} />
                    <IconAction title="Duplicate" label={`Duplicate ${p.name}`} icon={<CopyIcon />} disabled={duplicate.isPending} onClick={() => onDuplicate(p)} />
                    <IconAction title="Delete" label={`Delete ${p.name}`} icon={<DeleteIcon />} color="error" onClick={() => setToDelete(p)} />
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={6} sx={{ py: 0, bgcolor: 'grey.50', borderBottom: open ? undefined : 'none' }}>
                    <Collapse in={open} unmountOnExit>
                      <Box sx={{ py: 2 }}>
                        <InlineVariantsTable product={p} onChanged={onChanged} />
                      </Box>
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </ListTable>
        )}
        {totalPages > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
            <Pagination page={page} count={totalPages} onChange={(_, p) => setPage(p)} color="primary" aria-label="Product pages" />
          </Box>
        )}
        {products.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {PRODUCT_MESSAGES.fetchFailed}
          </Alert>
        )}
      </>
    );

  return (
    <>
      <AdminPageHeader
        title="Products"
        subtitle={products.data ? `${products.data.totalItems} product(s)` : undefined}
        action={addButton}
      />
      <CatalogFileButtons onChanged={onChanged} />
      <ProductFilters
        params={params}
        categories={categories.data ?? []}
        onChange={setParams}
      />
      {body}
      {form &&
        (categories.isPending ? (
          <PageLoader label="Loading categories" />
        ) : (
          <ProductFormDialog
            key={form.product?.id ?? 'new'}
            product={form.product}
            categories={categories.data ?? []}
            saving={save.isPending}
            onClose={() => setForm(null)}
            onSave={onSave}
          />
        ))}
      {gallery && <ImageGalleryDialog product={gallery} onClose={() => setGallery(null)} />}
      <ConfirmDelete thing="product" name={toDelete?.name} busy={remove.isPending} onConfirm={onDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
