import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useAfterFirstPaint } from '@/lib/hooks';
import { useDocumentTitle } from '@/lib/title';
import { useUi } from '@/lib/ui';
import { categoriesQuery } from '@/features/catalog/api';
import { CategoryCarousel } from '@/features/catalog/components/CategoryCarousel';
import { FeaturedProducts } from '@/features/catalog/components/FeaturedProducts';
import { Hero } from '@/features/catalog/components/Hero';
import { categoryImage } from '@/features/catalog/lib/categories';
import { PromoBlock, ServiceStrip, StoryBlogBand } from '@/features/content/components/HomeBlocks';
import { useProductCardRenderer } from '../shop-actions';

export function Component() {
  useDocumentTitle('Home');
  const brandName = useUi((s) => s.brandName);
  const { data: categories = [] } = useQuery(categoriesQuery());
  const renderProduct = useProductCardRenderer();
  const images: [string | null, string | null] = [
    categories[0] ? categoryImage(categories[0]) : null,
    categories[1] ? categoryImage(categories[1]) : null,
  ];
  // The hero fills the first screen; the sections below it render right after it is painted.
  const belowTheFold = useAfterFirstPaint();
  return (
    <Box>
      <Hero categories={categories} brandName={brandName} />
      {belowTheFold && (
        <>
          <PromoBlock brandName={brandName} />
          <CategoryCarousel categories={categories} />
          <FeaturedProducts renderProduct={renderProduct} />
          <ServiceStrip />
          <StoryBlogBand images={images} />
        </>
      )}
    </Box>
  );
}
