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

/**
 * "Download invoice" and "Download credit note" for an order's own documents (invoice once
 * shipped, credit note once cancelled: `/orders/{id}/...`) or a return request's (its
 * credit note once refunded or exchanged, its replacement's invoice: `/returns/{id}/...`).
 */
export function TaxDocumentButtons({
  orderId,
  returnId,
  invoice,
  creditNote,
}: {
  orderId?: string;
  returnId?: string;
  invoice?: TaxDocumentRef | null;
  creditNote?: TaxDocumentRef | null;
}) {
  if (!invoice && !creditNote) return null;
  const base = returnId ? `/returns/${encodeURIComponent(returnId)}` : `/orders/${encodeURIComponent(orderId ?? '')}`;
  const get = (kind: 'invoice' | 'credit-note', doc: TaxDocumentRef) => {
    downloadFile(`${base}/${kind}.pdf`, fileName(doc.number)).catch((err: unknown) => {
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
