import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@/lib/api-types';
import { useAfterFirstPaint, useStagedCount } from '@/lib/hooks';
import { productsQuery } from '../api';

/** Related products strip: others of the same category. */
export function RelatedProducts({
  product,
  renderProduct,
}: {
  product: Product;
  renderProduct: (p: Product, index: number) => ReactNode;
}) {
  const categoryId = product.category?.id ?? product.categoryId;
  // Below the product: asked for and rendered once the product itself is on screen.
  const afterFirstPaint = useAfterFirstPaint();
  const { data } = useQuery({
    ...productsQuery({ page: 1, limit: 9, categoryId }),
    enabled: Boolean(categoryId) && afterFirstPaint,
  });
  const related = (data?.data ?? []).filter((p) => p.id !== product.id).slice(0, 8);
  // Built a few cards at a time, so the main thread stays free for the shopper.
  const shown = useStagedCount(related.length, 0, 2);
  if (!related.length) return null;
  return (
    <Box component="section" aria-labelledby="related-title" sx={{ mt: 6 }}>
      <Typography id="related-title" variant="h4" component="h2" gutterBottom>
        You may also like
      </Typography>
      <Box
        component="ul"
        sx={{ display: 'flex', gap: 2, overflowX: 'auto', listStyle: 'none', p: 0, m: 0, pb: 1, scrollSnapType: 'x mandatory' }}
      >
        {related.slice(0, shown).map((p, i) => (
          <Box component="li" key={p.id} sx={{ flex: '0 0 auto', width: { xs: 170, sm: 220 }, scrollSnapAlign: 'start' }}>
            {renderProduct(p, i)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
