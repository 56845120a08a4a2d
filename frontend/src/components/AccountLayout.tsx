import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
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

/** On phones the entries are a scrolling row: each as wide as its words. */
const ITEM_SX = { flexShrink: 0, width: { xs: 'auto', md: '100%' } } as const;

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
            {/* Each entry in its <li> (a list holds only list items, WCAG 1.3.1). */}
            {ITEMS.map((item) => (
              <ListItem key={item.to} disablePadding sx={ITEM_SX}>
                <ListItemButton component={NavLink} to={item.to} sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}>
                  <ListItemIcon sx={{ minWidth: { xs: 32, md: 40 } }}>{item.icon}</ListItemIcon>
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            ))}
            <ListItem disablePadding sx={ITEM_SX}>
              <ListItemButton onClick={onLogout}>
                <ListItemIcon sx={{ minWidth: { xs: 32, md: 40 } }}>
                  <LogoutIcon />
                </ListItemIcon>
                <ListItemText primary="Logout" />
              </ListItemButton>
            </ListItem>
          </List>
        </Paper>
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      </Box>
    </Container>
  );
}
