import { useEffect, useRef, useState, type FocusEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { RouterLink } from '@/components/RouterLink';
import type { Category } from '@/lib/api-types';
import { useAfterFirstPaint } from '@/lib/hooks';
import { HERO_IMAGE_SIZES } from '@/lib/images';
import { prefersReducedMotion } from '@/lib/motion';
import { categoryImage, heroCategories } from '../lib/categories';

export const HERO_INTERVAL_MS = 5000;
export const HERO_FADE_MS = 300;

interface Slide {
  id: string;
  title: string;
  text: string;
  image: string | null;
  srcSet?: string;
}

/**
 * Full-screen hero rotating through the pictures of the categories that have one, every 5 s with a
 * 300 ms fade. As WCAG 2.2.2 asks, the rotation can be paused (the Pause / Play button), does not
 * start for a shopper who prefers reduced motion, and waits while the mouse or keyboard focus is
 * in the carousel.
 */
export function Hero({ categories, brandName }: { categories: Category[]; brandName: string }) {
  const pictured = heroCategories(categories);
  const slides: Slide[] = pictured.length
    ? pictured.map((c) => ({
        id: c.id,
        title: c.name,
        text: c.description ?? '',
        image: categoryImage(c),
        srcSet: (c.imageUrl && c.imageSrcset) || undefined,
      }))
    : [{ id: 'welcome', title: brandName, text: 'Fashion for every day and every occasion.', image: null }];
  const [index, setIndex] = useState(0);
  const count = slides.length;
  // Only the first picture competes with the page's own files; the others come after it.
  const othersReady = useAfterFirstPaint();
  /** The shopper's choice with the Pause / Play button. */
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const rotating = count > 1 && playing && !hovered && !focusInside;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  // Focus on the Pause / Play button itself does not pause: Play must be able to start the rotation.
  const onFocus = (e: FocusEvent) => setFocusInside(e.target !== toggle.current);
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setFocusInside(false);
  };

  const current = slides[index % count];

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="Featured categories"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
      sx={{
        position: 'relative',
        height: { xs: 'calc(100svh - 56px)', md: 'calc(100svh - 96px)' },
        minHeight: 420,
        maxHeight: 900,
        overflow: 'hidden',
        bgcolor: 'grey.900',
        color: '#fff',
      }}
    >
      {slides.map((s, i) =>
        s.image && (i === 0 || i === index % count || othersReady) ? (
          <Box
            key={s.id}
            component="img"
            src={s.image}
            srcSet={s.srcSet}
            sizes={s.srcSet ? HERO_IMAGE_SIZES : undefined}
            alt=""
            aria-hidden
            width={1600}
            height={900}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'auto'}
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              opacity: i === index % count ? 1 : 0,
              transition: `opacity ${HERO_FADE_MS}ms ease`,
            }}
          />
        ) : (
          <Box
            key={s.id}
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              background: 'linear-gradient(135deg, #1f2937 0%, #7c2d12 100%)',
              opacity: i === index % count ? 1 : 0,
              transition: `opacity ${HERO_FADE_MS}ms ease`,
            }}
          />
        ),
      )}
      <Box sx={{ position: 'absolute', inset: 0, background: 'linear-gradient(90deg, rgba(0,0,0,.65), rgba(0,0,0,.15))' }} />
      <Container sx={{ position: 'relative', height: '100%', display: 'flex', alignItems: 'center' }}>
        {/* A slide that changes by itself is not announced; one the shopper chose is. */}
        <Box key={current.id} aria-live={rotating ? 'off' : 'polite'} sx={{ maxWidth: 560, animation: `heroIn ${HERO_FADE_MS}ms ease`, '@keyframes heroIn': { from: { opacity: 0 }, to: { opacity: 1 } } }}>
          <Typography variant="overline" sx={{ letterSpacing: 3 }}>
            New collection
          </Typography>
          <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '2.2rem', md: '3.5rem' }, overflowWrap: 'anywhere' }}>
            {current.title}
          </Typography>
          {current.text && (
            <Typography sx={{ mt: 2, mb: 3, fontSize: { xs: '1rem', md: '1.15rem' }, opacity: 0.9 }}>{current.text}</Typography>
          )}
          <Button component={RouterLink} to="/shop" variant="contained" color="secondary" size="large" sx={{ mt: current.text ? 0 : 3 }}>
            Explore Now
          </Button>
        </Box>
      </Container>
      {count > 1 && (
        // Each dot is a tap target of at least 24 × 24 px (WCAG 2.2 target size) around its small
        // visible dot, drawn by ::before; the Pause / Play button follows them in the same row.
        <Box sx={{ position: 'absolute', bottom: 17, left: 0, right: 0, display: 'flex', justifyContent: 'center', alignItems: 'center', flexWrap: 'wrap' }}>
          {slides.map((s, i) => (
            <Box
              key={s.id}
              component="button"
              type="button"
              aria-label={`Show ${s.title}`}
              aria-current={i === index % count}
              onClick={() => setIndex(i)}
              sx={{
                width: i === index % count ? 36 : 24,
                height: 24,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                border: 0,
                p: 0,
                borderRadius: 12,
                bgcolor: 'transparent',
                cursor: 'pointer',
                transition: 'width .3s',
                '&::before': {
                  content: '""',
                  width: i === index % count ? 28 : 10,
                  height: 10,
                  borderRadius: 5,
                  bgcolor: i === index % count ? '#fff' : 'rgba(255,255,255,.5)',
                  transition: 'width .3s',
                },
              }}
            />
          ))}
          <Button
            ref={toggle}
            size="small"
            aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
            startIcon={playing ? <PauseIcon /> : <PlayArrowIcon />}
            onClick={() => setPlaying((p) => !p)}
            sx={{ ml: 1.5, color: '#fff', bgcolor: 'rgba(0,0,0,.55)', '&:hover': { bgcolor: 'rgba(0,0,0,.75)' } }}
          >
            {playing ? 'Pause' : 'Play'}
          </Button>
        </Box>
      )}
    </Box>
  );
}
