import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { isChunkLoadError } from '@/lib/chunk-load';

/** What the page says for each kind of failure, what its button does, and how it is logged. */
function failurePage(error: unknown) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return {
      title: 'Page not found',
      text: 'The page you are looking for does not exist.',
      button: 'Return to Home',
      onClick: () => window.location.assign('/'),
      log: undefined,
    };
  }
  // The screen's file did not arrive (connection dropped, or a deploy renamed it): a reload fetches it anew.
  if (isChunkLoadError(error)) {
    return {
      title: 'This page could not be loaded. Check your connection and try again.',
      text: undefined,
      button: 'Try again',
      onClick: () => window.location.reload(),
      log: () => console.warn('A page file failed to load', error),
    };
  }
  return {
    title: 'Something went wrong',
    text: 'Please reload the page and try again.',
    button: 'Reload',
    onClick: () => window.location.reload(),
    log: () => console.error(error),
  };
}

/** Shown when a screen fails to load or render. */
export function RouteError() {
  const { title, text, button, onClick, log } = failurePage(useRouteError());
  log?.();
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
