import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import ShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import SupportIcon from '@mui/icons-material/SupportAgentOutlined';
import { useNavigate } from 'react-router';
import { IconBlurb } from '@/components/IconBlurb';
import { useRevealOnce } from '@/lib/hooks';

const SERVICES = [
  { title: 'Secured Payments', text: 'Pay in cash when your order arrives', icon: <LockIcon /> },
  { title: 'Free Shipping and Returns', text: 'Easy returns within 7 days', icon: <ShippingIcon /> },
  { title: 'Customer Service', text: 'Friendly help whenever you need it', icon: <SupportIcon /> },
];

export function ServiceStrip() {
  return (
    <Box component="section" aria-label="Our services" sx={{ bgcolor: 'grey.100', py: 4, my: 6 }}>
      <Container sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {SERVICES.map((s) => (
          <Box key={s.title} sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <IconBlurb icon={s.icon} title={s.title} text={s.text} heading="h3" />
          </Box>
        ))}
      </Container>
    </Box>
  );
}

/** Second block below the hero: a short promise of the shop. */
export function PromoBlock({ brandName }: { brandName: string }) {
  return (
    <Container component="section" aria-label="Welcome" sx={{ py: { xs: 5, md: 8 }, textAlign: 'center' }}>
      <Typography variant="overline" color="secondary.main">
        New season
      </Typography>
      <Typography variant="h3" component="h2" gutterBottom>
        Welcome to {brandName}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 680, mx: 'auto' }}>
        Discover fresh styles every week, hand-picked for comfort and quality. Pay on delivery and return within 7 days.
      </Typography>
    </Container>
  );
}

function Panel({
  title,
  text,
  to,
  image,
  from,
  shown,
}: {
  title: string;
  text: string;
  to: string;
  image: string | null;
  from: 'left' | 'right';
  shown: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Box
      component="button"
      type="button"
      onClick={() => navigate(to)}
      aria-label={`${title}: ${text}`}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        border: 0,
        p: 0,
        borderRadius: 2,
        cursor: 'pointer',
        minHeight: { xs: 220, md: 320 },
        color: '#fff',
        textAlign: 'left',
        font: 'inherit',
        opacity: shown ? 1 : 0,
        transform: shown ? 'none' : `translateX(${from === 'left' ? '-100px' : '100px'})`,
        transition: 'opacity .8s ease, transform .8s ease',
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', transform: 'none' },
        '&:hover .band-bg, &:focus-visible .band-bg': { transform: 'scale(1.06)' },
      }}
    >
      <Box
        className="band-bg"
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          backgroundColor: from === 'left' ? '#7c2d12' : '#1e3a8a',
          backgroundImage: image
            ? `linear-gradient(rgba(0,0,0,.35), rgba(0,0,0,.55)), url("${image}")`
            : `linear-gradient(135deg, ${from === 'left' ? '#c2410c, #7c2d12' : '#2563eb, #1e3a8a'})`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          transition: 'transform .6s ease',
        }}
      />
      <Box sx={{ position: 'relative', p: { xs: 3, md: 5 } }}>
        <Typography variant="h3" component="h2" sx={{ color: '#fff' }}>
          {title}
        </Typography>
        <Typography sx={{ color: '#fff', mt: 1, maxWidth: 420 }}>{text}</Typography>
      </Box>
    </Box>
  );
}

/** The Our Story / Our Blog band: slides in once at 30% visibility, stacks on small screens. */
export function StoryBlogBand({ images }: { images: [string | null, string | null] }) {
  const [ref, shown] = useRevealOnce<HTMLDivElement>(0.3);
  return (
    <Container
      component="section"
      aria-label="Our story and blog"
      ref={ref}
      sx={{ my: 6, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, overflow: 'hidden' }}
    >
      <Panel title="Our Story" text="How a small studio became your wardrobe's best friend." to="/about" image={images[0]} from="left" shown={shown} />
      <Panel title="Our Blog" text="Trends, style guides and stories from our team." to="/blog" image={images[1]} from="right" shown={shown} />
    </Container>
  );
}
