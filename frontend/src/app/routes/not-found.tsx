import Container from '@mui/material/Container';
import { EmptyState } from '@/components/EmptyState';
import { useDocumentTitle } from '@/lib/title';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <Container>
      <EmptyState
        title="Page not found"
        text="The page you are looking for does not exist."
        link={{ to: '/', label: 'Return to Home' }}
      />
    </Container>
  );
}
