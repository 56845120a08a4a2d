import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';

/** The filters of a listing in a drawer, for small screens (a chunk of its own, loaded on first open). */
export default function FilterDrawer({
  open,
  onClose,
  showLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  showLabel: string;
  children: ReactNode;
}) {
  return (
    <Drawer anchor="left" open={open} onClose={onClose}>
      <Box sx={{ width: 300, maxWidth: '85vw', p: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <IconButton aria-label="Close filters" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {children}
        <Button fullWidth variant="contained" sx={{ mt: 2 }} onClick={onClose}>
          {showLabel}
        </Button>
      </Box>
    </Drawer>
  );
}
