import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useStagedCount } from '@/lib/hooks';
import { usePageTitle } from '@/lib/title';
import { categoriesQuery } from '@/features/catalog/api';
import { CategoryCarousel } from '@/features/catalog/components/CategoryCarousel';
import { FeaturedProducts } from '@/features/catalog/components/FeaturedProducts';
import { Hero } from '@/features/catalog/components/Hero';
import { categoryImage } from '@/features/catalog/lib/categories';
import { useBrandName } from '@/lib/company';
import { PromoBlock, ServiceStrip, StoryBlogBand } from '@/features/content/components/HomeBlocks';
import { useProductCardRenderer } from '../shop-actions';

export function Component() {
  usePageTitle('home');
  const brandName = useBrandName();
  const { data: categories = [] } = useQuery(categoriesQuery());
  const renderProduct = useProductCardRenderer();
  const images: [string | null, string | null] = [
    categories[0] ? categoryImage(categories[0]) : null,
    categories[1] ? categoryImage(categories[1]) : null,
  ];
  // The hero fills the first screen; the sections below it render after it is painted, one
  // at a time.
  const sections = [
    <PromoBlock key="promo" brandName={brandName} />,
    <CategoryCarousel key="categories" categories={categories} />,
    <FeaturedProducts key="featured" renderProduct={renderProduct} />,
    <ServiceStrip key="service" />,
    <StoryBlogBand key="story" images={images} />,
  ];
  const shown = useStagedCount(sections.length, 0, 1);
  return (
    <Box>
      <Hero categories={categories} brandName={brandName} />
      {sections.slice(0, shown)}
    </Box>
  );
}
