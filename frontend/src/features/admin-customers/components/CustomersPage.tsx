import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { RetryAlert } from '@/components/RetryAlert';
import { RouterLink } from '@/components/RouterLink';
import { formatMoney } from '@/lib/money';
import { useCustomers, type CustomerListParams } from '../api';
import { customerName, formatDay } from '../lib/format';
import type { CustomerSort } from '../types';
import { ListPagination } from '@/components/ListPagination';

const PAGE_SIZES = [20, 50, 100];
export const SORTS: { value: CustomerSort; label: string }[] = [
  { value: 'last_order', label: 'Latest order' },
  { value: 'spent_desc', label: 'Most spent' },
  { value: 'orders_desc', label: 'Most orders' },
  { value: 'name', label: 'Name' },
  { value: 'newest', label: 'Newest account' },
];
/** How long typing pauses before the search is sent. */
export const SEARCH_DELAY_MS = 300;

/** The list's search, sort and page live in the address (back and forward keep them). */
function useListParams(): [CustomerListParams, (change: Partial<CustomerListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo<CustomerListParams>(() => {
    const limit = Number(search.get('limit'));
    const sort = search.get('sort');
    return {
      page: Math.max(1, Number(search.get('page')) || 1),
      limit: PAGE_SIZES.includes(limit) ? limit : PAGE_SIZES[0],
      q: search.get('q') ?? undefined,
      sort: SORTS.some((s) => s.value === sort) ? (sort as CustomerSort) : 'last_order',
    };
  }, [search]);
  const update = (change: Partial<CustomerListParams>) => {
    const next = { ...params, page: 1, ...change };
    const out = new URLSearchParams();
    if (next.q) out.set('q', next.q);
    if (next.sort && next.sort !== 'last_order') out.set('sort', next.sort);
    if (next.page > 1) out.set('page', String(next.page));
    if (next.limit !== PAGE_SIZES[0]) out.set('limit', String(next.limit));
    setSearch(out, { replace: true });
  };
  return [params, update];
}

/** The shop's customers with what they ordered: search, sort, pages; a table, or cards on a phone. */
export function CustomersPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [params, setParams] = useListParams();
  const customers = useCustomers(params);
  const [typed, setTyped] = useState(params.q ?? '');

  useEffect(() => {
    if ((params.q ?? '') === typed) return;
    const timer = setTimeout(() => setParams({ q: typed || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new text starts the timer
  }, [typed]);

  const list = customers.data?.data ?? [];
  const total = customers.data?.pagination.totalItems ?? 0;
  const link = (id: string) => `/admin/customers/${encodeURIComponent(id)}`;

  let body;
  if (customers.isPending) body = <PageLoader label="Loading customers" />;
  else if (customers.isError && !customers.data)
    body = <RetryAlert onRetry={() => customers.refetch()}>Failed to fetch customers</RetryAlert>;
  else if (list.length === 0)
    body = (
      <Paper variant="outlined">
        <EmptyState
          icon={<PeopleIcon />}
          title="No customers found"
          text={params.q ? 'No customer matches this search.' : 'Customers show up here once they register.'}
        />
      </Paper>
    );
  else if (small)
    body = (
      <Stack spacing={2} component="ul" aria-label="Customers" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.map((c) => (
          <Card key={c.id} component="li" variant="outlined">
            <CardActionArea component={RouterLink} to={link(c.id)} aria-label={`Customer ${customerName(c)}`}>
              <CardContent>
                <Typography fontWeight={700}>{customerName(c)}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {c.email}
                  {c.mobile ? ` · ${c.mobile}` : ''}
                </Typography>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1, gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2">
                    {c.orderCount} {c.orderCount === 1 ? 'order' : 'orders'} · last {formatDay(c.lastOrderAt)}
                  </Typography>
                  <Typography fontWeight={700}>{formatMoney(c.totalSpent)}</Typography>
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    );
  else
    body = (
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Customers">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Mobile</TableCell>
              <TableCell align="right">Orders</TableCell>
              <TableCell align="right">Total spent</TableCell>
              <TableCell>Last order</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((c) => (
              <TableRow key={c.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={link(c.id)} fontWeight={600}>
                    {customerName(c)}
                  </Link>
                </TableCell>
                <TableCell>{c.email}</TableCell>
                <TableCell>{c.mobile ?? '—'}</TableCell>
                <TableCell align="right">{c.orderCount}</TableCell>
                <TableCell align="right">{formatMoney(c.totalSpent)}</TableCell>
                <TableCell>{formatDay(c.lastOrderAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <>
      <AdminPageHeader
        title="Customers"
        subtitle={`${total.toLocaleString('en-IN')} ${total === 1 ? 'customer' : 'customers'} · total spent counts orders that are not cancelled`}
      />
      <Box role="search" aria-label="Filter customers" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          size="small"
          type="search"
          label="Search customers"
          placeholder="Name, e-mail or mobile"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{
            htmlInput: { maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <TextField
          select
          size="small"
          label="Sort by"
          value={params.sort ?? 'last_order'}
          onChange={(e) => setParams({ sort: e.target.value as CustomerSort })}
          sx={{ minWidth: 180 }}
        >
          {SORTS.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {body}
      <ListPagination total={total} page={params.page} limit={params.limit} sizes={PAGE_SIZES} onChange={setParams} />
    </>
  );
}
