import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

export const UNSAVED = {
  title: 'Discard your changes?',
  text: 'You have changes that are not saved. If you leave now, they are lost.',
  keep: 'Keep editing',
  discard: 'Discard changes',
} as const;

/**
 * Asks before unsaved work is lost: `requestClose` (for a dialog's Escape, click outside and
 * Cancel) closes at once when nothing changed and otherwise asks; leaving the page inside the
 * app (a link, the menu, Back) is held until the question is answered; closing or reloading
 * the tab gets the browser's own question.
 */
export function useUnsavedChanges(dirty: boolean, close: () => void): { requestClose: () => void; prompt: ReactNode } {
  const [asking, setAsking] = useState(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const requestClose = useCallback(() => {
    if (dirty) setAsking(true);
    else close();
  }, [dirty, close]);

  const open = asking || blocker.state === 'blocked';
  const keep = () => {
    setAsking(false);
    if (blocker.state === 'blocked') blocker.reset();
  };
  const discard = () => {
    const wasAsking = asking;
    setAsking(false);
    if (blocker.state === 'blocked') blocker.proceed();
    else if (wasAsking) close();
  };
  const prompt = (
    <ConfirmDialog
      open={open}
      title={UNSAVED.title}
      text={UNSAVED.text}
      cancelLabel={UNSAVED.keep}
      confirmLabel={UNSAVED.discard}
      onClose={keep}
      onConfirm={discard}
    />
  );
  return { requestClose, prompt };
}
