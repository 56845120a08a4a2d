import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { Category } from '@/lib/api-types';
import { categoryHref } from '@/lib/links';
import { RouterLink } from './RouterLink';

interface Props {
  anchor: HTMLElement | null;
  categories: Category[];
  onClose: () => void;
}

/**
 * The header's category menu of wide screens: each top category with its subcategories, in
 * columns (its own chunk, loaded on the first opening).
 */
export default function CategoryMenu({ anchor, categories, onClose }: Props) {
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { mt: 1, p: 3, maxWidth: 'min(960px, calc(100vw - 32px))' } } }}
    >
      <Box
        component="nav"
        aria-label="Categories"
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: `repeat(${Math.min(Math.max(categories.length, 1), 4)}, minmax(140px, 1fr))` }}
      >
        {categories.length === 0 && <Typography color="text.secondary">No categories yet</Typography>}
        {categories.map((top) => (
          <Box key={top.id} sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={categoryHref(top)}
              onClick={onClose}
              underline="hover"
              color="text.primary"
              sx={{ fontWeight: 700, display: 'block', mb: 1, overflowWrap: 'anywhere' }}
            >
              {top.name}
            </Link>
            {(top.subCategories ?? []).length > 0 && (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
                {top.subCategories.map((sub) => (
                  <li key={sub.id}>
                    <Link
                      component={RouterLink}
                      to={categoryHref(sub)}
                      onClick={onClose}
                      underline="hover"
                      color="text.secondary"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Popover>
  );
}
