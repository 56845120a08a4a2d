import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ColumnHead } from '@/components/ListViews';
import { serverMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useMisses, useSaveSynonyms, useSynonyms } from '../api';

const MISS_WINDOW_DAYS = 30;

/** The synonym list as a text area; the server reads and checks it, and names a bad line. */
function SynonymEditor({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const save = useSaveSynonyms();
  const error = save.isError ? serverMessage(save.error, 'The synonyms could not be saved') : null;
  return (
    <Box
      component="form"
      aria-label="Synonym list"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(text, { onSuccess: (saved) => notify.success(saved.message ?? 'Synonyms saved') });
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        One rule a line. <code>saree, sari</code>: each word also finds the others. <code>odhni =&gt; dupatta</code>: the
        words left of the arrow also find those on its right. Lines starting with # are notes.
      </Typography>
      <TextField
        label="Synonyms"
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={8}
        fullWidth
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <Button type="submit" variant="contained" disabled={save.isPending || text === initial}>
        Save synonyms
      </Button>
    </Box>
  );
}

function MissedSearches() {
  const misses = useMisses(MISS_WINDOW_DAYS);
  if (misses.isError) return <Alert severity="error">The searches could not be loaded.</Alert>;
  const rows = misses.data ?? [];
  return (
    <Table size="small" aria-label="Searches that found nothing">
      <ColumnHead columns={['Search', { label: 'Times', align: 'right' }, 'Last searched']} />
      <TableBody>
        {rows.length === 0 && !misses.isLoading ? (
          <TableRow>
            <TableCell colSpan={3}>Every search in the last {MISS_WINDOW_DAYS} days found something.</TableCell>
          </TableRow>
        ) : (
          rows.map((m) => (
            <TableRow key={m.query}>
              <TableCell>{m.query}</TableCell>
              <TableCell align="right">{m.count}</TableCell>
              <TableCell>{m.lastSeen}</TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

/** Back office: the words search treats as the same, and what shoppers searched for in vain. */
export function SearchTools() {
  const synonyms = useSynonyms();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h4" component="h1">
        Search
      </Typography>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Synonyms
        </Typography>
        {synonyms.isError ? <Alert severity="error">The synonyms could not be loaded.</Alert> : null}
        {synonyms.data ? <SynonymEditor key={synonyms.data.text} initial={synonyms.data.text} /> : null}
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Searches that found nothing (last {MISS_WINDOW_DAYS} days)
        </Typography>
        <MissedSearches />
      </Paper>
    </Box>
  );
}
