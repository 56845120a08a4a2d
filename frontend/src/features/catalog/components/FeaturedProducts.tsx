import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { RouterLink } from '@/components/RouterLink';
import type { Product } from '@/lib/api-types';
import { FIRST_REQUESTS } from '@/lib/first-paint';
import { productsQuery } from '../api';

/** The home page's first request for products (the page contract): the newest 10. */
const FEATURED = FIRST_REQUESTS.featured.params;
export const FEATURED_FETCH = FEATURED.limit;
export const FEATURED_SHOWN = 4;

export const productGridSx = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
} as const;

/** Featured Products: the first 4 of 10 fetched, and a Shop All link. */
export function FeaturedProducts({ renderProduct }: { renderProduct: (p: Product, index: number) => ReactNode }) {
  const { data, isLoading } = useQuery(productsQuery(FEATURED));
  const products = (data?.data ?? []).slice(0, FEATURED_SHOWN);
  return (
    <Container component="section" aria-labelledby="featured-title" sx={{ my: 6 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography id="featured-title" variant="h4" component="h2">
          Featured Products
        </Typography>
        <Button component={RouterLink} to="/shop" variant="outlined">
          Shop All
        </Button>
      </Box>
      <Box sx={productGridSx}>
        {isLoading
          ? Array.from({ length: FEATURED_SHOWN }, (_, i) => (
              <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '4 / 7', height: 'auto' }} />
            ))
          : products.map((p, i) => <Box key={p.id}>{renderProduct(p, i)}</Box>)}
      </Box>
    </Container>
  );
}
