import { useEffect, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import GavelIcon from '@mui/icons-material/GavelOutlined';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturnOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { NavLink, useLocation } from 'react-router';

export const ADMIN_NAV = [
  { label: 'Dashboard', to: '/admin/dashboard', icon: <DashboardIcon /> },
  { label: 'Category', to: '/admin/category', icon: <CategoryIcon /> },
  { label: 'Product', to: '/admin/product', icon: <InventoryIcon /> },
  { label: 'Order', to: '/admin/order', icon: <ReceiptIcon /> },
  { label: 'Returns', to: '/admin/returns', icon: <AssignmentReturnIcon /> },
  { label: 'Customers', to: '/admin/customers', icon: <PeopleIcon /> },
  { label: 'Company', to: '/admin/company', icon: <BusinessIcon /> },
  { label: 'Legal pages', to: '/admin/legal', icon: <GavelIcon />, nested: true },
  { label: 'Search', to: '/admin/search', icon: <ManageSearchIcon /> },
  { label: 'Settings', to: '/admin/settings', icon: <SettingsIcon /> },
  { label: 'Reports', to: '/admin/reports', icon: <AssessmentIcon /> },
  { label: 'Audit log', to: '/admin/audit', icon: <HistoryIcon /> },
] as const;

const DRAWER_WIDTH = 240;

interface Props {
  brandName: string;
  onBackToStore: () => void;
  onLogout: () => void;
  children: ReactNode;
}

function SidebarContent({ brandName, onBackToStore, onLogout, onNavigate }: Omit<Props, 'children'> & { onNavigate?: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center', py: 1.5 }}>
        <Typography variant="h6" component="p" sx={{ lineHeight: 1.3 }}>
          {brandName}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Admin
        </Typography>
      </Toolbar>
      <Divider />
      <List component="nav" aria-label="Admin" sx={{ flexGrow: 1 }}>
        {ADMIN_NAV.map((item) => (
          <ListItemButton
            key={item.to}
            component={NavLink}
            to={item.to}
            onClick={onNavigate}
            sx={{
              pl: 'nested' in item && item.nested ? 4 : 2,
              '&.active': { bgcolor: 'action.selected', '& .MuiListItemText-primary': { fontWeight: 700 } },
            }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <List>
        {[
          { label: 'Back to store', icon: <StorefrontIcon />, onClick: onBackToStore },
          { label: 'Logout', icon: <LogoutIcon />, onClick: onLogout },
        ].map((action) => (
          <ListItem key={action.label} disablePadding>
            <ListItemButton onClick={action.onClick}>
              <ListItemIcon sx={{ minWidth: 40 }}>{action.icon}</ListItemIcon>
              <ListItemText primary={action.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The back office frame: a fixed sidebar on wide screens; on small screens a menu button opens it as a
 * drawer that closes on Escape, on a click outside and after choosing a page. */
export function AdminLayout({ brandName, onBackToStore, onLogout, children }: Props) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const sidebar = (
    <SidebarContent
      brandName={brandName}
      onBackToStore={onBackToStore}
      onLogout={onLogout}
      onNavigate={small ? () => setOpen(false) : undefined}
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'grey.50' }}>
      {small ? (
        <>
          <AppBar position="fixed" color="inherit" elevation={1}>
            <Toolbar>
              <IconButton
                edge="start"
                aria-label="Open admin menu"
                aria-expanded={open}
                onClick={() => setOpen(true)}
                sx={{ mr: 1 }}
              >
                <MenuIcon />
              </IconButton>
              <Typography variant="h6" component="p" noWrap>
                {brandName} Admin
              </Typography>
            </Toolbar>
          </AppBar>
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
          >
            {sidebar}
          </Drawer>
        </>
      ) : (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          {sidebar}
        </Drawer>
      )}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, md: 4 }, pb: { xs: 2, md: 4 }, pt: small ? { xs: 10 } : { xs: 2, md: 4 }, outline: 'none' }}
      >
        {children}
      </Box>
    </Box>
  );
}
