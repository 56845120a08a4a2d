import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { EmptyState } from '@/components/EmptyState';
import type { Product } from '@/lib/api-types';
import type { WishlistItem } from '../types';

export function WishlistView({
  items,
  renderProduct,
}: {
  items: WishlistItem[];
  renderProduct: (p: Product, index: number) => ReactNode;
}) {
  if (items.length === 0) {
    return (
      <Container>
        <EmptyState
          icon={<FavoriteBorderIcon />}
          title="Your wishlist is empty"
          text="Save the pieces you love and find them here later."
          link={{ to: '/shop', label: 'Explore Products' }}
        />
      </Container>
    );
  }
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        My Wishlist
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {items.length} {items.length === 1 ? 'item' : 'items'}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, sm: 2 },
          gridTemplateColumns: { xs: 'repeat(2, minmax(0,1fr))', md: 'repeat(3, minmax(0,1fr))', lg: 'repeat(4, minmax(0,1fr))' },
        }}
      >
        {items.map((item, i) => (
          <Box key={item.productId}>{renderProduct(item.product, i)}</Box>
        ))}
      </Box>
    </Container>
  );
}
