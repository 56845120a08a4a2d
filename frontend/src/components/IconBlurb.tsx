import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface Props {
  icon: ReactNode;
  title: string;
  text: string;
  /** The title's heading level where the blurb stands. */
  heading: 'h2' | 'h3';
}

/**
 * A large accent icon beside a title and a line of text (account dashboard cards, the home page's
 * services). Two flex items: the caller's row lays them out.
 */
export function IconBlurb({ icon, title, text, heading }: Props) {
  return (
    <>
      <Box sx={{ color: 'secondary.main', '& svg': { fontSize: 40 } }} aria-hidden>
        {icon}
      </Box>
      <Box>
        <Typography variant="h6" component={heading}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      </Box>
    </>
  );
}
