import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouterLink } from '@/components/RouterLink';
import { SectionTabs, type TabSection } from './SectionTabs';

export const ABOUT_STATS = [
  { value: '500+', label: 'Happy Clients' },
  { value: '50+', label: 'Team Members' },
  { value: '98%', label: 'Satisfaction' },
  { value: '24/7', label: 'Support' },
];

const TABS = [
  {
    id: 'mission',
    label: 'Our Mission',
    text: 'To make good design and quality clothing available to everyone, at honest prices, delivered with care.',
  },
  {
    id: 'vision',
    label: 'Our Vision',
    text: 'A wardrobe for every person and every occasion, made responsibly and built to last beyond a single season.',
  },
  {
    id: 'story',
    label: 'Our Story',
    text: 'We started as a small studio with a handful of designs and a big idea: fashion that feels personal. Today we serve shoppers all over India.',
  },
];

const SECTIONS: TabSection[] = TABS.map((t) => ({
  id: t.id,
  label: t.label,
  body: <Typography sx={{ lineHeight: 1.8 }}>{t.text}</Typography>,
}));

const VALUES = [
  { title: 'Quality', text: 'Fabrics and finishing we would wear ourselves.' },
  { title: 'Honesty', text: 'Clear prices, clear policies, no surprises.' },
  { title: 'Sustainability', text: 'Fewer, better pieces and responsible sourcing.' },
  { title: 'Customer First', text: 'Real people ready to help, every day.' },
];

export function AboutPage({ brandName }: { brandName: string }) {
  return (
    <Box>
      <Box sx={{ bgcolor: 'grey.100', py: { xs: 6, md: 10 } }}>
        <Container sx={{ textAlign: 'center' }}>
          <Typography variant="h2" component="h1" gutterBottom>
            About {brandName}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 640, mx: 'auto', mb: 3 }}>
            Fashion for every day and every occasion, chosen with care and delivered to your door.
          </Typography>
          <Button variant="contained" size="large" component={RouterLink} to="/shop">
            Get Started
          </Button>
        </Container>
      </Box>
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <SectionTabs label="About us" idPrefix="about" sections={SECTIONS} panelSx={{ p: 3 }} />

        <Typography variant="h4" component="h2" sx={{ mt: 6, mb: 2 }}>
          Our Core Values
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {VALUES.map((v) => (
            <Paper key={v.title} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h3">
                {v.title}
              </Typography>
              <Typography color="text.secondary">{v.text}</Typography>
            </Paper>
          ))}
        </Box>

        <Box
          component="section"
          aria-label="Our numbers"
          sx={{ mt: 6, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
        >
          {ABOUT_STATS.map((s) => (
            <Paper key={s.label} sx={{ p: 3, textAlign: 'center', bgcolor: 'primary.main', color: 'primary.contrastText' }}>
              <Typography variant="h3" component="p">
                {s.value}
              </Typography>
              <Typography>{s.label}</Typography>
            </Paper>
          ))}
        </Box>

        <Box sx={{ textAlign: 'center', mt: 6 }}>
          <Typography variant="h4" component="h2" gutterBottom>
            Ready to find your style?
          </Typography>
          <Button variant="contained" color="secondary" size="large" component={RouterLink} to="/shop">
            Start Your Journey
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
