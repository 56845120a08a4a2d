import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { serverMessage } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { notify } from '@/lib/notify';

export interface TaxDocumentRef {
  number: string;
  issuedOn: string;
}

/** The order's GST documents as files named after their numbers (`KP-26-27-7.pdf`). */
function fileName(number: string): string {
  return `${number.replace(/\//g, '-')}.pdf`;
}

/** "Download invoice" (once the order shipped) and "Download credit note" (once cancelled). */
export function TaxDocumentButtons({
  orderId,
  invoice,
  creditNote,
}: {
  orderId: string;
  invoice?: TaxDocumentRef | null;
  creditNote?: TaxDocumentRef | null;
}) {
  if (!invoice && !creditNote) return null;
  const get = (kind: 'invoice' | 'credit-note', doc: TaxDocumentRef) => {
    downloadFile(`/orders/${encodeURIComponent(orderId)}/${kind}.pdf`, fileName(doc.number)).catch((err: unknown) => {
      console.error('Download failed', err);
      notify.error(serverMessage(err, 'The document could not be downloaded.'));
    });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {invoice && (
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => get('invoice', invoice)} aria-label={`Download invoice ${invoice.number}`}>
          Download invoice
        </Button>
      )}
      {creditNote && (
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => get('credit-note', creditNote)} aria-label={`Download credit note ${creditNote.number}`}>
          Download credit note
        </Button>
      )}
    </Stack>
  );
}
