import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { ShopPage } from '@/components/ShopPage';
import type { Product } from '@/lib/api-types';
import type { WishlistItem } from '../types';

export function WishlistView({
  items,
  renderProduct,
}: {
  items: WishlistItem[];
  renderProduct: (p: Product, index: number) => ReactNode;
}) {
  const empty = {
    icon: <FavoriteBorderIcon />,
    title: 'Your wishlist is empty',
    text: 'Save the pieces you love and find them here later.',
    link: { to: '/shop', label: 'Explore Products' },
  };
  return (
    <ShopPage title="My Wishlist" empty={items.length === 0 ? empty : null}>
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
    </ShopPage>
  );
}
