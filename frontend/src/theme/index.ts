import { createTheme } from '@mui/material/styles';
import { READABLE } from './contrast';

/** Design tokens and component customisations of the storefront. */
export const tokens = {
  ink: '#1f2937',
  accent: '#c2410c',
  sale: '#b91c1c',
  surface: '#fafaf9',
  radius: 10,
} as const;

export const theme = createTheme({
  palette: {
    primary: { main: tokens.ink },
    secondary: { main: tokens.accent },
    error: { main: tokens.sale },
    // White on the warning colour reads at 4.5:1 or more (a 'Pending' chip); see ./contrast.ts.
    warning: { main: READABLE.warningChip.background, contrastText: READABLE.warningChip.text },
    background: { default: '#ffffff', paper: '#ffffff' },
  },
  shape: { borderRadius: tokens.radius },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 700 },
    h2: { fontSize: '1.85rem', fontWeight: 700 },
    h3: { fontSize: '1.5rem', fontWeight: 700 },
    h4: { fontSize: '1.3rem', fontWeight: 600 },
    h5: { fontSize: '1.15rem', fontWeight: 600 },
    h6: { fontSize: '1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCssBaseline: {
      styleOverrides: {
        img: { maxWidth: '100%' },
      },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
