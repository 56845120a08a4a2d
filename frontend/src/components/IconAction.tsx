import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

interface Props {
  /** The tooltip, a word: Edit, Delete. */
  title: string;
  /** What a screen reader says: the action and the thing it acts on. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: 'error';
  disabled?: boolean;
}

/** A table row's icon button with its tooltip (a disabled button still shows its tooltip). */
export function IconAction({ title, label, icon, onClick, color, disabled }: Props) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton aria-label={label} color={color} disabled={disabled} onClick={onClick}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
