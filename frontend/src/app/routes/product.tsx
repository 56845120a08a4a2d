import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { RouterLink } from '@/components/RouterLink';
import { ApiError } from '@/lib/api';
import type { Product } from '@/lib/api-types';
import { pageTitle, useDocumentTitle } from '@/lib/title';
import { productQuery } from '@/features/catalog/api';
import { ProductDetail } from '@/features/catalog/components/ProductDetail';
import { PincodeCheck } from '@/features/cod/components/PincodeCheck';
import { RelatedProducts } from '@/features/catalog/components/RelatedProducts';
import { useProductCardRenderer, useShopActions } from '../shop-actions';

/** The product handed over as navigation state, when it is the one in the URL. */
function stateProduct(state: unknown, slug: string): Product | undefined {
  const p = (state as { product?: Product } | null)?.product;
  if (p && typeof p === 'object' && (p.slug === slug || p.id === slug) && Array.isArray(p.variants)) return p;
  return undefined;
}

export function Component() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const initial = stateProduct(location.state, slug);
  const query = useQuery(productQuery(slug, initial));
  const { addToCart, toggleWishlist, isWishlisted } = useShopActions();
  const renderProduct = useProductCardRenderer();
  const product = query.data;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  // While the product loads the tab keeps the title it has (the server's, on a first visit).
  useDocumentTitle(product?.name ?? (missing ? pageTitle('product') : null));

  if (query.isLoading) return <PageLoader label="Loading product" />;
  if (!product) {
    return (
      <Container>
        <EmptyState
          title={missing ? pageTitle('product') : 'Could not load this product'}
          text={missing ? 'The product you are looking for does not exist.' : 'Please check your connection and try again.'}
          action={
            missing ? (
              <Button variant="contained" component={RouterLink} to="/">
                Return to Home
              </Button>
            ) : (
              <Button variant="contained" onClick={() => query.refetch()}>
                Retry
              </Button>
            )
          }
        />
      </Container>
    );
  }

  const categoryId = product.category?.id ?? product.categoryId;
  return (
    <ProductDetail
      delivery={<PincodeCheck />}
      key={product.id}
      product={product}
      wishlisted={isWishlisted(product.id)}
      onToggleWishlist={(p) => void toggleWishlist(p, { productPage: true })}
      onAddToCart={async (p, v, qty) => {
        const ok = await addToCart(p, v, qty, { productPage: true });
        if (ok) navigate('/cart');
        return ok;
      }}
      categoryHref={categoryId ? `/shop?categoryId=${encodeURIComponent(categoryId)}` : null}
      related={<RelatedProducts product={product} renderProduct={renderProduct} />}
    />
  );
}
