import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { adminProductKeys } from '../api';
import { download, exportCatalog, importCatalog, type RowError } from '../lib/catalog-file';

type Phase = { kind: 'idle' } | { kind: 'sending'; sent: number } | { kind: 'saving' };

/** Export and Import of the catalogue as CSV, with the import's progress and its refused lines. */
export function CatalogFileButtons({ onChanged }: { onChanged?: () => void }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [refused, setRefused] = useState<{ message: string; errors: RowError[] } | null>(null);

  async function onExport() {
    setExporting(true);
    try {
      const { filename, blob } = await exportCatalog();
      download(filename, blob);
    } catch {
      notify.error('Failed to export the catalogue');
    } finally {
      setExporting(false);
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    setRefused(null);
    setPhase({ kind: 'sending', sent: 0 });
    try {
      const outcome = await importCatalog(file, (sent) => setPhase(sent >= 1 ? { kind: 'saving' } : { kind: 'sending', sent }));
      if (outcome.ok) {
        notify.success(outcome.message);
        onChanged?.();
        // An import may create the categories its paths name: the Category filter lists them.
        await Promise.all([
          qc.invalidateQueries({ queryKey: adminProductKeys.all }),
          qc.invalidateQueries({ queryKey: adminProductKeys.categories }),
        ]);
      } else {
        setRefused({ message: outcome.message, errors: outcome.errors });
      }
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'Failed to import the catalogue');
    } finally {
      setPhase({ kind: 'idle' });
      if (input.current) input.current.value = '';
    }
  }

  const busy = phase.kind !== 'idle';
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onExport} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()} disabled={busy}>
          Import CSV
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="Catalogue file to import"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </Box>
      {busy && (
        <Box sx={{ mt: 1 }} role="status">
          <Typography variant="body2" color="text.secondary">
            {phase.kind === 'sending' ? `Sending the file… ${Math.round(phase.sent * 100)}%` : 'Checking every row and saving…'}
          </Typography>
          <LinearProgress
            aria-label="Import progress"
            variant={phase.kind === 'sending' ? 'determinate' : 'indeterminate'}
            value={phase.kind === 'sending' ? phase.sent * 100 : undefined}
          />
        </Box>
      )}
      {refused && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setRefused(null)}>
          <AlertTitle>{refused.message}</AlertTitle>
          <Box component="ul" aria-label="Lines that cannot be imported" sx={{ m: 0, pl: 2, maxHeight: 240, overflow: 'auto' }}>
            {refused.errors.map((e, i) => (
              <li key={`${e.line}-${i}`}>
                Line {e.line}: {e.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
