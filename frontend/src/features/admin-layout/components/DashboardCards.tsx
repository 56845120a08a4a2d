import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import { RouterLink } from '@/components/RouterLink';

interface CardSpec {
  title: string;
  to: string;
  icon: ReactNode;
  text: string;
  badge?: { label: string; color: 'primary' | 'warning' | 'success' | 'default'; aria: string } | null;
}

interface Props {
  /** Number of categories (all levels); null while loading or unknown. */
  categoryCount: number | null;
  /** Orders still pending; null while loading or unknown. */
  pendingCount: number | null;
}

/** The admin dashboard: one card per area, each with Manage and View All. */
export function DashboardCards({ categoryCount, pendingCount }: Props) {
  const cards: CardSpec[] = [
    {
      title: 'Category',
      to: '/admin/category',
      icon: <CategoryIcon />,
      text: 'Organise the catalogue into categories and subcategories.',
      badge:
        categoryCount === null
          ? null
          : { label: `${categoryCount} Active`, color: 'primary', aria: `${categoryCount} active categories` },
    },
    { title: 'Product', to: '/admin/product', icon: <InventoryIcon />, text: 'Add products, their variants, stock and images.' },
    {
      title: 'Order',
      to: '/admin/order',
      icon: <ReceiptIcon />,
      text: 'Follow orders and update their delivery status.',
      badge:
        pendingCount === null
          ? null
          : { label: `${pendingCount} Pending`, color: 'warning', aria: `${pendingCount} pending orders` },
    },
    {
      title: 'Company',
      to: '/admin/company',
      icon: <BusinessIcon />,
      text: 'Company name, contact details, logo and legal pages.',
      badge: { label: '3 Registered', color: 'success', aria: '3 Registered' },
    },
  ];

  return (
    // Four across only where a card is wide enough for its title and badge (about 1440 px with the sidebar);
    // the header wraps the badge under the title rather than letting it spill out of a narrow card.
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}>
      {cards.map((c) => (
        <Card key={c.title} variant="outlined" component="section" aria-label={c.title} sx={{ display: 'flex', flexDirection: 'column' }}>
          <CardContent sx={{ flexGrow: 1 }}>
            <Box data-testid="card-header" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1, gap: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'secondary.main', minWidth: 0 }}>
                {c.icon}
                <Typography variant="h5" component="h2" color="text.primary">
                  {c.title}
                </Typography>
              </Box>
              {c.badge && <Chip size="small" color={c.badge.color} label={c.badge.label} aria-label={c.badge.aria} sx={{ maxWidth: '100%' }} />}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {c.text}
            </Typography>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button variant="contained" size="small" component={RouterLink} to={c.to}>
              Manage
            </Button>
            <Button variant="outlined" size="small" component={RouterLink} to={c.to}>
              View All
            </Button>
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}
