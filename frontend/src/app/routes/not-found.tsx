import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { EmptyState } from '@/components/EmptyState';
import { RouterLink } from '@/components/RouterLink';
import { useDocumentTitle } from '@/lib/title';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <Container>
      <EmptyState
        title="Page not found"
        text="The page you are looking for does not exist."
        action={
          <Button variant="contained" component={RouterLink} to="/">
            Return to Home
          </Button>
        }
      />
    </Container>
  );
}
