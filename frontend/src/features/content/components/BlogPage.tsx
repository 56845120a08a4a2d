import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { RouterLink } from '@/components/RouterLink';

export const BLOG_CATEGORIES = ['All', 'Fashion Trends', 'Style Guide', 'Sustainability', 'Brand Stories'] as const;

export const BLOG_POSTS = [
  { id: 1, category: 'Fashion Trends', title: 'Colours of the season', excerpt: 'Earthy tones and soft pastels lead this season: how to wear them.', daysAgo: 4, hue: 24 },
  { id: 2, category: 'Style Guide', title: 'Five ways to style a white shirt', excerpt: 'From office to weekend, one shirt and five looks.', daysAgo: 11, hue: 210 },
  { id: 3, category: 'Sustainability', title: 'Caring for your clothes', excerpt: 'Wash less, wash cold and let your favourites last for years.', daysAgo: 19, hue: 140 },
  { id: 4, category: 'Brand Stories', title: 'Meet our design studio', excerpt: 'A day with the people who sketch, cut and sew our collections.', daysAgo: 27, hue: 280 },
  { id: 5, category: 'Fashion Trends', title: 'Festive wear edit', excerpt: 'Our picks for celebrations: comfortable, bright and made to move.', daysAgo: 38, hue: 340 },
  { id: 6, category: 'Style Guide', title: 'Building a capsule wardrobe', excerpt: 'Twelve pieces, endless outfits: a simple plan to start.', daysAgo: 52, hue: 45 },
];

/** A post's date: `daysAgo` days before today in India (`5 Nov 2026`), so the sample blog stays recent. */
export function postDate(daysAgo: number, now: Date = new Date()): string {
  return new Date(now.getTime() - daysAgo * 86_400_000).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
}

export function BlogPage() {
  const [category, setCategory] = useState<(typeof BLOG_CATEGORIES)[number]>('All');
  const posts = category === 'All' ? BLOG_POSTS : BLOG_POSTS.filter((p) => p.category === category);
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Our Blog
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Trends, style advice and stories from our studio.
      </Typography>
      <Box role="group" aria-label="Blog categories" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 4 }}>
        {BLOG_CATEGORIES.map((c) => (
          <Chip
            key={c}
            label={c}
            color={c === category ? 'primary' : 'default'}
            variant={c === category ? 'filled' : 'outlined'}
            aria-pressed={c === category}
            onClick={() => setCategory(c)}
          />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {posts.map((p) => (
          <Card key={p.id} variant="outlined" component="article">
            <CardActionArea component={RouterLink} to="/shop" sx={{ height: '100%' }}>
              <Box
                role="img"
                aria-label={p.title}
                sx={{
                  aspectRatio: '16 / 9',
                  background: `linear-gradient(135deg, hsl(${p.hue} 60% 75%), hsl(${p.hue + 40} 55% 45%))`,
                }}
              />
              <CardContent>
                <Typography variant="caption" color="secondary.main" sx={{ fontWeight: 700 }}>
                  {p.category} · {postDate(p.daysAgo)}
                </Typography>
                <Typography variant="h6" component="h2">
                  {p.title}
                </Typography>
                <Typography color="text.secondary">{p.excerpt}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Container>
  );
}
