import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface Props {
  title: string;
  text?: string;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, text, icon, action }: Props) {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      {icon && <Box sx={{ color: 'text.disabled', mb: 2, '& svg': { fontSize: 64 } }}>{icon}</Box>}
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {text}
        </Typography>
      )}
      {action}
    </Box>
  );
}
