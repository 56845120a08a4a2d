import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AdminProduct } from '../types';

/** All images of a product. */
export function ImageGalleryDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const images = product.images ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="gallery-title">
      <DialogTitle id="gallery-title">{product.name} images</DialogTitle>
      <DialogContent dividers>
        {images.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            No images available
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
            {images.map((img, i) => (
              <Box
                key={img.id}
                component="img"
                src={img.url}
                alt={`${product.name} image ${i + 1}`}
                loading="lazy"
                sx={{ width: '100%', aspectRatio: '4 / 5', objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }}
              />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
