import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouterLink } from './RouterLink';

export interface EmptyStateProps {
  title: string;
  text?: string;
  icon?: ReactNode;
  action?: ReactNode;
  /** A page to go on to instead of `action`: the one main button, e.g. Start Shopping. */
  link?: { to: string; label: string };
  /** Another page to go on to, beside `link` (outlined, second). */
  secondaryLink?: { to: string; label: string };
  /** Take the keyboard focus to the title (the control the shopper used went away with the content). */
  focusTitle?: boolean;
  /** In an outlined box, where a back-office list would stand. */
  outlined?: boolean;
}

export function EmptyState({ outlined, ...props }: EmptyStateProps) {
  return outlined ? (
    <Paper variant="outlined">
      <EmptyContent {...props} />
    </Paper>
  ) : (
    <EmptyContent {...props} />
  );
}

function EmptyContent({ title, text, icon, action, link, secondaryLink, focusTitle = false }: Omit<EmptyStateProps, 'outlined'>) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      {icon && <Box sx={{ color: 'text.disabled', mb: 2, '& svg': { fontSize: 64 } }}>{icon}</Box>}
      <Typography ref={heading} variant="h5" component="h2" gutterBottom tabIndex={focusTitle ? -1 : undefined}>
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {text}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        {link ? (
          <Button variant="contained" component={RouterLink} to={link.to}>
            {link.label}
          </Button>
        ) : (
          action
        )}
        {secondaryLink && (
          <Button variant="outlined" component={RouterLink} to={secondaryLink.to}>
            {secondaryLink.label}
          </Button>
        )}
      </Box>
    </Box>
  );
}
