import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { FilterBar } from '@/components/FilterBar';
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
import { CardList, ListTable } from '@/components/ListViews';
import { OptionSelect } from '@/components/OptionSelect';
import { SearchField } from '@/components/SearchField';
import { useListParams } from '@/lib/list-params';

const PAGE_SIZES = [20, 50, 100];
export const SORTS: { value: CustomerSort; label: string }[] = [
  { value: 'last_order', label: 'Latest order' },
  { value: 'spent_desc', label: 'Most spent' },
  { value: 'orders_desc', label: 'Most orders' },
  { value: 'name', label: 'Name' },
  { value: 'newest', label: 'Newest account' },
];

const SORT_VALUES: readonly string[] = SORTS.map((s) => s.value);

const LIST_PARAMS = {
  read: (search: URLSearchParams) => {
    const sort = search.get('sort');
    return { q: search.get('q') ?? undefined, sort: SORT_VALUES.includes(sort ?? '') ? (sort as CustomerSort) : 'last_order' };
  },
  write: (next: CustomerListParams) => ({ q: next.q, sort: next.sort !== 'last_order' ? next.sort : undefined }),
  sizes: PAGE_SIZES,
};

/** The shop's customers with what they ordered: search, sort, pages; a table, or cards on a phone. */
export function CustomersPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [params, setParams] = useListParams<CustomerListParams>(LIST_PARAMS);
  const customers = useCustomers(params);

  const list = customers.data?.data ?? [];
  const total = customers.data?.pagination.totalItems ?? 0;
  const link = (id: string) => `/admin/customers/${encodeURIComponent(id)}`;

  let body;
  if (customers.isPending) body = <PageLoader label="Loading customers" />;
  else if (customers.isError && !customers.data)
    body = <RetryAlert onRetry={() => customers.refetch()}>Failed to fetch customers</RetryAlert>;
  else if (list.length === 0)
    body = (
      <EmptyState
        outlined
        icon={<PeopleIcon />}
        title="No customers found"
        text={params.q ? 'No customer matches this search.' : 'Customers show up here once they register.'}
      />
    );
  else if (small)
    body = (
      <CardList label="Customers">
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
      </CardList>
    );
  else
    body = (
      <ListTable
        label="Customers"
        columns={['Name', 'E-mail', 'Mobile', { label: 'Orders', align: 'right' }, { label: 'Total spent', align: 'right' }, 'Last order']}
      >
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
      </ListTable>
    );

  return (
    <>
      <AdminPageHeader
        title="Customers"
        subtitle={`${total.toLocaleString('en-IN')} ${total === 1 ? 'customer' : 'customers'} · total spent counts orders that are not cancelled`}
      />
      <FilterBar label="Filter customers">
        <SearchField
          type="search"
          label="Search customers"
          placeholder="Name, e-mail or mobile"
          value={params.q}
          onSearch={(q) => setParams({ q })}
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <OptionSelect label="Sort by" value={params.sort ?? 'last_order'} options={SORTS} onChange={(sort) => setParams({ sort })} />
      </FilterBar>
      {body}
      <ListPagination total={total} page={params.page} limit={params.limit} sizes={PAGE_SIZES} onChange={setParams} />
    </>
  );
}
