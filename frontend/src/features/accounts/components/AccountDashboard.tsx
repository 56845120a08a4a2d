import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import LockIcon from '@mui/icons-material/LockOutlined';
import { IconBlurb } from '@/components/IconBlurb';
import { RouterLink } from '@/components/RouterLink';

const CARDS = [
  { title: 'Orders', text: 'Track, view and cancel your orders', to: '/myaccount/order', icon: <ReceiptIcon /> },
  { title: 'Addresses', text: 'Manage your delivery addresses', to: '/myaccount/address', icon: <HomeIcon /> },
  { title: 'Account Details', text: 'View and edit your profile', to: '/myaccount/account', icon: <PersonIcon /> },
  { title: 'Password', text: 'Change your password', to: '/myaccount/password', icon: <LockIcon /> },
];

export function AccountDashboard({ name }: { name: string }) {
  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Hello {name}. From your account dashboard you can view your orders, manage your addresses and edit your
        account details and password.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {CARDS.map((c) => (
          <Card key={c.to} variant="outlined">
            <CardActionArea component={RouterLink} to={c.to} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <IconBlurb icon={c.icon} title={c.title} text={c.text} heading="h2" />
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
