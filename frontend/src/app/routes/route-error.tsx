import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { EmptyState } from '@/components/EmptyState';

/** Shown when a screen fails to load or render (for example a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Container>
      <EmptyState
        title={notFound ? 'Page not found' : 'Something went wrong'}
        text={notFound ? 'The page you are looking for does not exist.' : 'Please reload the page and try again.'}
        action={
          <Button variant="contained" onClick={() => (notFound ? window.location.assign('/') : window.location.reload())}>
            {notFound ? 'Return to Home' : 'Reload'}
          </Button>
        }
      />
    </Container>
  );
}
