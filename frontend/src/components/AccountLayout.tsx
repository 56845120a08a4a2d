import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import LockIcon from '@mui/icons-material/LockOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { NavLink } from 'react-router';

const ITEMS = [
  { label: 'Dashboard', to: '/myaccount/dashboard', icon: <DashboardIcon /> },
  { label: 'Order', to: '/myaccount/order', icon: <ReceiptIcon /> },
  { label: 'Address', to: '/myaccount/address', icon: <HomeIcon /> },
  { label: 'Account', to: '/myaccount/account', icon: <PersonIcon /> },
  { label: 'Password', to: '/myaccount/password', icon: <LockIcon /> },
];

interface Props {
  greeting: string;
  onLogout: () => void;
  children: ReactNode;
}

/** Customer account area: sidebar (a scrolling row on phones) and the page. */
export function AccountLayout({ greeting, onLogout, children }: Props) {
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="p" sx={{ mb: 3 }}>
        {greeting}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0,1fr)', md: '240px minmax(0,1fr)' } }}>
        <Paper variant="outlined" component="nav" aria-label="My account" sx={{ alignSelf: 'start', overflowX: 'auto' }}>
          <List sx={{ display: { xs: 'flex', md: 'block' }, py: { xs: 0, md: 1 } }}>
            {ITEMS.map((item) => (
              <ListItemButton
                key={item.to}
                component={NavLink}
                to={item.to}
                sx={{ flexShrink: 0, '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
              >
                <ListItemIcon sx={{ minWidth: { xs: 32, md: 40 } }}>{item.icon}</ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
            <ListItemButton onClick={onLogout} sx={{ flexShrink: 0 }}>
              <ListItemIcon sx={{ minWidth: { xs: 32, md: 40 } }}>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary="Logout" />
            </ListItemButton>
          </List>
        </Paper>
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      </Box>
    </Container>
  );
}
