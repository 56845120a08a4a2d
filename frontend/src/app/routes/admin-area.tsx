import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { logout } from '@/lib/session';
import { useDocumentTitle } from '@/lib/title';
import { RouterLink } from '@/components/RouterLink';

/** Placeholder of the admin back office (built separately). */
export default function AdminArea() {
  useDocumentTitle('Admin');
  const navigate = useNavigate();
  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Admin area
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The back office is coming soon.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
        <Button component={RouterLink} to="/" variant="outlined">
          Back to store
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            logout();
            navigate('/');
          }}
        >
          Logout
        </Button>
      </Box>
    </Box>
  );
}
