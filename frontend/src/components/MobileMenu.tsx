import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import type { Category } from '@/lib/api-types';
import { categoryHref } from '@/lib/links';

interface Props {
  open: boolean;
  brandName: string;
  links: { label: string; to: string }[];
  /** Top categories with their subcategories. */
  categories: Category[];
  onClose: () => void;
  onAccount: () => void;
  /** Shown when signed in: the phone's way to log out from any page. */
  onLogout?: () => void;
}

/** The navigation drawer of small screens (its own chunk, loaded on first open). */
export default function MobileMenu({ open, brandName, links, categories, onClose, onAccount, onLogout }: Props) {
  const navigate = useNavigate();
  // Every entry closes the drawer first.
  const closeThen = (action: () => void) => () => {
    onClose();
    action();
  };
  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  return (
    <Drawer open={open} onClose={onClose}>
      <Box component="nav" aria-label="Main" sx={{ width: 280 }}>
        <Typography variant="h6" component="p" sx={{ p: 2 }}>
          {brandName}
        </Typography>
        <List>
          {links.map((l) => (
            <ListItem key={l.to} disablePadding>
              <ListItemButton onClick={() => go(l.to)}>
                <ListItemText primary={l.label} />
              </ListItemButton>
            </ListItem>
          ))}
          <ListItem disablePadding>
            <ListItemButton onClick={closeThen(onAccount)}>
              <ListItemText primary="Account" />
            </ListItemButton>
          </ListItem>
          {onLogout && (
            <ListItem disablePadding>
              <ListItemButton onClick={closeThen(onLogout)}>
                <ListItemText primary="Logout" />
              </ListItemButton>
            </ListItem>
          )}
        </List>
        {categories.length > 0 && (
          <>
            <Divider />
            <Typography variant="overline" component="h2" id="menu-categories" sx={{ px: 2, pt: 1, display: 'block' }}>
              Categories
            </Typography>
            <List aria-labelledby="menu-categories" dense>
              {categories.map((top) => (
                <li key={top.id}>
                  <ListItemButton onClick={() => go(categoryHref(top))}>
                    <ListItemText primary={top.name} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                  </ListItemButton>
                  {(top.subCategories ?? []).length > 0 && (
                    <List disablePadding dense>
                      {top.subCategories.map((sub) => (
                        <ListItem key={sub.id} disablePadding>
                          <ListItemButton sx={{ pl: 4 }} onClick={() => go(categoryHref(sub))}>
                            <ListItemText primary={sub.name} />
                          </ListItemButton>
                        </ListItem>
                      ))}
                    </List>
                  )}
                </li>
              ))}
            </List>
          </>
        )}
      </Box>
    </Drawer>
  );
}
