import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/EmptyState';
import type { Product } from '@/lib/api-types';
import { useDebounced } from '@/lib/hooks';
import { searchQuery } from '../api';
import { productGridSx } from './FeaturedProducts';

export const SEARCH_DEBOUNCE_MS = 500;

/** Discover Products: debounced search; an empty query lists the first 20 products. */
export function SearchOverlay({
  open,
  onClose,
  renderProduct,
}: {
  open: boolean;
  onClose: () => void;
  renderProduct: (p: Product, index: number) => ReactNode;
}) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data: result, isFetching, isLoading } = useQuery({ ...searchQuery(q), enabled: open });
  const data = result?.products ?? [];

  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby="search-title">
      <Container sx={{ py: 3 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography id="search-title" variant="h4" component="h2">
            Discover Products
          </Typography>
          <IconButton aria-label="Close search" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <TextField
          autoFocus
          fullWidth
          type="search"
          label="Search products"
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: isFetching ? (
                <InputAdornment position="end">
                  <CircularProgress size={20} aria-label="Searching" />
                </InputAdornment>
              ) : undefined,
            },
          }}
          sx={{ mb: 3 }}
        />
        {isLoading ? null : data.length === 0 ? (
          <>
            {result?.didYouMean ? (
              <Typography sx={{ mb: 1 }}>
                Did you mean{' '}
                <Link component="button" variant="body1" onClick={() => setText(result.didYouMean ?? '')}>
                  {result.didYouMean}
                </Link>
                ?
              </Typography>
            ) : null}
            <EmptyState title="No products found" text="Try searching with different keywords" />
          </>
        ) : (
          <Box sx={productGridSx}>
            {data.map((p, i) => (
              <Box key={p.id} onClickCapture={(e) => (e.target as HTMLElement).closest('a') && onClose()}>
                {renderProduct(p, i)}
              </Box>
            ))}
          </Box>
        )}
      </Container>
    </Dialog>
  );
}
