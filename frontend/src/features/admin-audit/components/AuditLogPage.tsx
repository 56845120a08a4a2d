import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import HistoryIcon from '@mui/icons-material/History';
import { FilterBar } from '@/components/FilterBar';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { DateRangeFields } from '@/components/DateRangeFields';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { RetryAlert } from '@/components/RetryAlert';
import { serverMessage } from '@/lib/api';
import { useAuditLog, type AuditEntry, type AuditParams } from '../api';
import { ListPagination } from '@/components/ListPagination';
import { CardList, ListTable } from '@/components/ListViews';
import { OptionSelect } from '@/components/OptionSelect';
import { dayParam, useListParams } from '@/lib/list-params';

const PAGE_SIZES = [50, 100];
export const AREAS: { value: string; label: string }[] = [
  { value: 'products', label: 'Products' },
  { value: 'categories', label: 'Categories' },
  { value: 'orders', label: 'Orders' },
  { value: 'company', label: 'Company' },
  { value: 'legal', label: 'Legal pages' },
  { value: 'settings', label: 'Settings' },
];

export function formatWhen(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  });
}

type AuditListParams = AuditParams & { actorName?: string };

const FILTERS = ['area', 'actorId', 'actorName', 'from', 'to'] as const;

const LIST_PARAMS = {
  read: (search: URLSearchParams) => ({
    area: search.get('area') || undefined,
    actorId: search.get('actorId') || undefined,
    actorName: search.get('actorName') || undefined,
    from: dayParam(search, 'from'),
    to: dayParam(search, 'to'),
  }),
  write: (next: AuditListParams) => Object.fromEntries(FILTERS.map((key) => [key, next[key]])),
  sizes: PAGE_SIZES,
};

/** The audit log, read only: who changed what in the back office and when, filtered by area, person and dates. */
export function AuditLogPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [params, setParams] = useListParams<AuditListParams>(LIST_PARAMS);
  const { actorName, ...query } = params;
  const log = useAuditLog(query);
  const list = log.data?.data ?? [];
  const total = log.data?.pagination.totalItems ?? 0;

  const actor = (e: AuditEntry) => (
    <Link component="button" type="button" onClick={() => setParams({ actorId: e.actorId, actorName: e.actorName })} aria-label={`Only changes by ${e.actorName}`}>
      {e.actorName}
    </Link>
  );

  let body;
  if (log.isPending) body = <PageLoader label="Loading the audit log" />;
  else if (log.isError && !log.data)
    body = <RetryAlert onRetry={() => log.refetch()}>{serverMessage(log.error, 'Failed to fetch the audit log')}</RetryAlert>;
  else if (list.length === 0)
    body = (
      <EmptyState outlined icon={<HistoryIcon />} title="No changes found" text="Changes made in the back office are recorded here." />
    );
  else if (small)
    body = (
      <CardList label="Audit log">
        {list.map((e) => (
          <Card key={e.id} component="li" variant="outlined">
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Chip size="small" label={e.action} />
                <Typography variant="body2" color="text.secondary">
                  {formatWhen(e.at)}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {actor(e)}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {e.summary}
              </Typography>
              {e.target && (
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {e.target}
                </Typography>
              )}
            </CardContent>
          </Card>
        ))}
      </CardList>
    );
  else
    body = (
      <ListTable label="Audit log" columns={['When', 'Who', 'Action', 'Target', 'Summary']}>
        {list.map((e) => (
          <TableRow key={e.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWhen(e.at)}</TableCell>
            <TableCell>{actor(e)}</TableCell>
            <TableCell>
              <Chip size="small" label={e.action} />
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere', maxWidth: 160 }}>{e.target ?? '—'}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.summary}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    );

  return (
    <>
      <AdminPageHeader title="Audit log" subtitle="Every change made in the back office: who, what and when. Entries cannot be edited or deleted." />
      <FilterBar label="Filter the audit log" alignItems="center">
        <OptionSelect label="Area" anyLabel="All areas" value={params.area} options={AREAS} onChange={(area) => setParams({ area })} />
        <DateRangeFields from={params.from} to={params.to} onChange={setParams} />
        {params.actorId && (
          <Chip
            label={`By ${actorName ?? 'one person'}`}
            onDelete={() => setParams({ actorId: undefined, actorName: undefined })}
          />
        )}
      </FilterBar>
      {body}
      <ListPagination total={total} page={params.page} limit={params.limit} sizes={PAGE_SIZES} onChange={setParams} />
    </>
  );
}
