import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';

interface Props {
  open: boolean;
  brandName: string;
  links: { label: string; to: string }[];
  onClose: () => void;
  onAccount: () => void;
}

/** The navigation drawer of small screens (its own chunk, loaded on first open). */
export default function MobileMenu({ open, brandName, links, onClose, onAccount }: Props) {
  const navigate = useNavigate();
  return (
    <Drawer open={open} onClose={onClose}>
      <Box component="nav" aria-label="Main" sx={{ width: 260 }}>
        <Typography variant="h6" component="p" sx={{ p: 2 }}>
          {brandName}
        </Typography>
        <List>
          {links.map((l) => (
            <ListItemButton
              key={l.to}
              onClick={() => {
                onClose();
                navigate(l.to);
              }}
            >
              <ListItemText primary={l.label} />
            </ListItemButton>
          ))}
          <ListItemButton
            onClick={() => {
              onClose();
              onAccount();
            }}
          >
            <ListItemText primary="Account" />
          </ListItemButton>
        </List>
      </Box>
    </Drawer>
  );
}
