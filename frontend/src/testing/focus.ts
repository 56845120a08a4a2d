/**
 * Browsers move the focus to the page when the focused control becomes disabled (HTML's "focus
 * fixup rule"); jsdom leaves it on the disabled control. Applies that rule until the returned
 * function runs, so a test sees the focus where a shopper's browser would put it.
 */
export function applyFocusFixup(): () => void {
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.matches(':disabled')) active.blur();
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => observer.disconnect();
}
