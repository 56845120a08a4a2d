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

/** A category's link in the menu: a top category's in bold on a line of its own. */
function CategoryLink({ category, onClose, top = false }: { category: Category; onClose: () => void; top?: boolean }) {
  return (
    <Link
      component={RouterLink}
      to={categoryHref(category)}
      onClick={onClose}
      underline="hover"
      color={top ? 'text.primary' : 'text.secondary'}
      sx={top ? { fontWeight: 700, display: 'block', mb: 1, overflowWrap: 'anywhere' } : { overflowWrap: 'anywhere' }}
    >
      {category.name}
    </Link>
  );
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
            <CategoryLink category={top} onClose={onClose} top />
            {(top.subCategories ?? []).length > 0 && (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
                {top.subCategories.map((sub) => (
                  <li key={sub.id}>
                    <CategoryLink category={sub} onClose={onClose} />
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
