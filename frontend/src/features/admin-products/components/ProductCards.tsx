import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { formatMoney } from '@/lib/money';
import { PLACEHOLDER_IMAGE } from '@/lib/images';
import { imagesText, serialNumber } from '../lib/product';
import type { AdminProduct } from '../types';
import { StockBadge } from './StockBadge';

interface Props {
  items: AdminProduct[];
  page: number;
  onEdit: (p: AdminProduct) => void;
  onDelete: (p: AdminProduct) => void;
  onImages: (p: AdminProduct) => void;
}

/** The product list on a phone: one card per product, its variants listed, Edit and Delete always in reach. */
export function ProductCards({ items, page, onEdit, onDelete, onImages }: Props) {
  return (
    <Stack spacing={1.5} component="ul" aria-label="Products" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((p, i) => (
        <Card key={p.id} component="li" variant="outlined" aria-label={p.name}>
          <CardContent sx={{ display: 'flex', gap: 1.5, pb: 1 }}>
            <Avatar variant="rounded" src={p.images?.[0]?.url ?? PLACEHOLDER_IMAGE} alt="" sx={{ width: 56, height: 56 }} />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
                {serialNumber(page, i)}. {p.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {p.category?.name ?? '—'}
                {p.isBestSeller ? ' · Best seller' : ''}
              </Typography>
              <Box component="ul" aria-label={`Variants of ${p.name}`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 0.5 }}>
                {p.variants.map((v) => (
                  <Box component="li" key={v.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', border: 1, borderColor: 'divider', bgcolor: v.colorHexCode || v.color }} />
                    <Typography variant="body2">
                      {v.size} · {v.color} · {formatMoney(v.originalPrice)}
                    </Typography>
                    <StockBadge stock={v.stock} />
                  </Box>
                ))}
              </Box>
            </Box>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 1.5, gap: 1, flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => onImages(p)} aria-label={`${imagesText(p)} of ${p.name}`}>
              {imagesText(p)}
            </Button>
            <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
              Edit
            </Button>
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => onDelete(p)} aria-label={`Delete ${p.name}`}>
              Delete
            </Button>
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}
