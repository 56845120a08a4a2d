import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { EmptyState, type EmptyStateProps } from './EmptyState';

/**
 * A storefront page with a heading (cart, wishlist, checkout): `empty`, when given, is shown
 * instead, as the page's empty state. `notice` stands above either.
 */
export function ShopPage({
  title,
  empty,
  notice,
  children,
}: {
  title: string;
  empty?: EmptyStateProps | null;
  notice?: ReactNode;
  children: ReactNode;
}) {
  if (empty)
    return (
      <Container sx={{ pt: notice ? { xs: 3, md: 5 } : 0 }}>
        {notice}
        <EmptyState {...empty} />
      </Container>
    );
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      {notice}
      {children}
    </Container>
  );
}

/** A page that has nothing to show: the empty state alone (not found, nothing saved yet). */
export function EmptyPage(props: EmptyStateProps) {
  return (
    <Container>
      <EmptyState {...props} />
    </Container>
  );
}
