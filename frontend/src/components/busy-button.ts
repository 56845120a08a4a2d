/**
 * The props of a button while a change is on its way (the cart saving a quantity): it refuses
 * presses (aria-disabled, greyed) but keeps the keyboard focus, which `disabled` would drop to the
 * page. Spread onto an MUI button with no `sx` of its own.
 */
export function busyButtonProps(busy: boolean, onClick: () => void) {
  return {
    'aria-disabled': busy || undefined,
    onClick: busy ? undefined : onClick,
    sx: { '&[aria-disabled="true"]': { color: 'action.disabled', cursor: 'default' } },
  };
}
