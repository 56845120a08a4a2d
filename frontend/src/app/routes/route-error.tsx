import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { isChunkLoadError } from '@/lib/chunk-load';

/** What the page says for each kind of failure, and what its button does. */
function failurePage(error: unknown) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return {
      title: 'Page not found',
      text: 'The page you are looking for does not exist.',
      button: 'Return to Home',
      onClick: () => window.location.assign('/'),
    };
  }
  // The screen's file did not arrive (connection dropped, or a deploy renamed it): a reload fetches it anew.
  if (isChunkLoadError(error)) {
    return {
      title: 'This page could not be loaded. Check your connection and try again.',
      text: undefined,
      button: 'Try again',
      onClick: () => window.location.reload(),
    };
  }
  return {
    title: 'Something went wrong',
    text: 'Please reload the page and try again.',
    button: 'Reload',
    onClick: () => window.location.reload(),
  };
}

/** Shown when a screen fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (isChunkLoadError(error)) console.warn('A page file failed to load', error);
  else if (!notFound) console.error(error);
  const { title, text, button, onClick } = failurePage(error);
  return (
    <Container>
      <EmptyState
        title={title}
        text={text}
        action={
          <Button variant="contained" onClick={onClick}>
            {button}
          </Button>
        }
      />
    </Container>
  );
}
