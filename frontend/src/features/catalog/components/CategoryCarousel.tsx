import { useRef } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link } from 'react-router';
import type { Category } from '@/lib/api-types';
import { PLACEHOLDER_IMAGE } from '@/lib/images';
import { categoryImage } from '../lib/categories';

export function categoryHref(c: Pick<Category, 'slug' | 'name'>): string {
  return `/category/${encodeURIComponent(c.slug || c.name)}`;
}

/** Horizontally scrolling category carousel; a click goes to the category listing. */
export function CategoryCarousel({ categories }: { categories: Category[] }) {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (dir: number) => track.current?.scrollBy({ left: dir * 280, behavior: 'smooth' });
  if (!categories.length) return null;
  return (
    <Container component="section" aria-labelledby="shop-by-category" sx={{ my: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="shop-by-category" variant="h4" component="h2">
          Shop by Category
        </Typography>
        <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
          <IconButton aria-label="Scroll categories left" onClick={() => scroll(-1)}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label="Scroll categories right" onClick={() => scroll(1)}>
            <ChevronRightIcon />
          </IconButton>
        </Box>
      </Box>
      <Box
        component="ul"
        ref={track}
        sx={{
          display: 'flex',
          gap: 2,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          listStyle: 'none',
          p: 0,
          m: 0,
          pb: 1,
        }}
      >
        {categories.map((c) => (
          <Box component="li" key={c.id} sx={{ flex: '0 0 auto', width: { xs: 130, sm: 160 }, scrollSnapAlign: 'start' }}>
            <Box
              component={Link}
              to={categoryHref(c)}
              sx={{ display: 'block', textDecoration: 'none', color: 'text.primary', textAlign: 'center', '&:hover img': { transform: 'scale(1.05)' } }}
            >
              <Box sx={{ borderRadius: '50%', overflow: 'hidden', aspectRatio: '1', bgcolor: 'grey.100', mb: 1 }}>
                <Box
                  component="img"
                  src={categoryImage(c) ?? PLACEHOLDER_IMAGE}
                  alt=""
                  width={160}
                  height={160}
                  loading="lazy"
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', transition: 'transform .3s', display: 'block' }}
                />
              </Box>
              <Typography sx={{ fontWeight: 600 }}>{c.name}</Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Container>
  );
}
