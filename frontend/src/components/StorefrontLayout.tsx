import { Suspense, lazy, useId, useState, type MouseEvent, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PhoneIcon from '@mui/icons-material/Phone';
import { NavLink } from 'react-router';
import { useAfterFirstPaint } from '@/lib/hooks';
import type { Category, Company } from '@/lib/api-types';
import { RouterLink } from './RouterLink';

const MobileMenu = lazy(() => import('./MobileMenu'));
const CategoryMenu = lazy(() => import('./CategoryMenu'));

export interface StorefrontLayoutProps {
  company: Company | null;
  brandName: string;
  /** First letter of the username when logged in. */
  userInitial: string | null;
  wishlistCount: number;
  cartCount: number;
  /** The header's category menu: top categories with their subcategories. */
  categories?: Category[];
  /** A menu with the categories opens: time to have them. */
  onMenuOpen?: () => void;
  onAccount: () => void;
  /** Given when signed in: Logout in the phone's menu. */
  onLogout?: () => void;
  onSearch: () => void;
  onWishlist: () => void;
  onCart: () => void;
  children: ReactNode;
  overlays?: ReactNode;
}

const LINKS = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Shop', to: '/shop' },
  { label: 'Blog', to: '/blog' },
];

export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.startsWith('+91') ? phone : `+91-${phone}`;
}

function TopBar({ company }: { company: Company | null }) {
  if (!company || (!company.email && !company.phone)) return null;
  return (
    <Box
      sx={{ display: { xs: 'none', md: 'block' }, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 13 }}
    >
      <Container sx={{ display: 'flex', gap: 3, py: 0.5, justifyContent: 'flex-end' }}>
        {company.email && (
          <Link href={`mailto:${company.email}`} color="inherit" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <MailOutlineIcon sx={{ fontSize: 16 }} aria-hidden /> {company.email}
          </Link>
        )}
        {company.phone && (
          <Link href={`tel:+91${company.phone}`} color="inherit" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <PhoneIcon sx={{ fontSize: 16 }} aria-hidden /> {formatPhone(company.phone)}
          </Link>
        )}
      </Container>
    </Box>
  );
}

/** The grievance officer the Consumer Protection (E-Commerce) Rules, 2020 (rule 4(4)) require every
 * page to name, reachable by the company's e-mail and phone unless they have their own. */
function GrievanceOfficer({ company }: { company: Company }) {
  const headingId = useId();
  // Absent, not only empty, in details cached or inlined before the field existed.
  if (!company.grievanceOfficer) return null;
  const email = company.grievanceEmail || company.email;
  const phone = company.grievancePhone || company.phone;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 1, minWidth: 0, overflowWrap: 'anywhere' }}
    >
      <Typography id={headingId} variant="subtitle2" component="h3" color="common.white">
        Grievance officer
      </Typography>
      <Typography variant="body2">
        {company.grievanceOfficer}
        {company.grievanceDesignation && `, ${company.grievanceDesignation}`}
      </Typography>
      {email && <Link href={`mailto:${email}`}>{email}</Link>}
      {phone && <Link href={`tel:+91${phone}`}>{formatPhone(phone)}</Link>}
    </Box>
  );
}

function Footer({ company, brandName }: { company: Company | null; brandName: string }) {
  const col = { display: 'flex', flexDirection: 'column', gap: 0.75, minWidth: 0 } as const;
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.300', mt: 8, pt: 6, pb: 4 }}>
      <Container
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1.5fr' },
          '& a': { color: 'grey.300' },
        }}
      >
        <Box sx={col}>
          <Typography variant="h6" component="p" color="common.white">
            {brandName}
          </Typography>
          <Typography variant="body2">Fashion for every day, delivered to your door.</Typography>
        </Box>
        <Box component="nav" aria-label="Policies" sx={col}>
          <Typography variant="subtitle2" component="h2" color="common.white">
            Policies
          </Typography>
          <Link component={RouterLink} to="/privacy-policy">Privacy Policy</Link>
          <Link component={RouterLink} to="/terms-and-conditions">Terms &amp; Conditions</Link>
          <Link component={RouterLink} to="/refund-policy">Return &amp; Refund Policy</Link>
        </Box>
        <Box component="nav" aria-label="Quick links" sx={col}>
          <Typography variant="subtitle2" component="h2" color="common.white">
            Quick Links
          </Typography>
          <Link component={RouterLink} to="/">Home</Link>
          <Link component={RouterLink} to="/shop">Shop</Link>
          <Link component={RouterLink} to="/about">About</Link>
          <Link component={RouterLink} to="/blog">Blog</Link>
          <Link component={RouterLink} to="/myaccount/dashboard">My Account</Link>
        </Box>
        <Box sx={col}>
          <Typography variant="subtitle2" component="h2" color="common.white">
            Contact
          </Typography>
          {company?.phone && <Link href={`tel:+91${company.phone}`}>{formatPhone(company.phone)}</Link>}
          {company?.email && <Link href={`mailto:${company.email}`} sx={{ overflowWrap: 'anywhere' }}>{company.email}</Link>}
          {company?.address && <Typography variant="body2">{company.address}</Typography>}
          {company?.pincode && <Typography variant="body2">Pincode: {company.pincode}</Typography>}
          {company && <GrievanceOfficer company={company} />}
        </Box>
      </Container>
      <Container>
        <Typography variant="caption" component="p" sx={{ mt: 4, color: 'grey.500' }}>
          © {new Date().getFullYear()} {brandName}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}

export function StorefrontLayout(props: StorefrontLayoutProps) {
  const { company, brandName, userInitial, wishlistCount, cartCount, children, overlays, categories = [] } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  const [categoryAnchor, setCategoryAnchor] = useState<HTMLElement | null>(null);
  const [categoryMenuUsed, setCategoryMenuUsed] = useState(false);
  const [menuEverOpened, setMenuEverOpened] = useState(false);
  const footerReady = useAfterFirstPaint();

  const navLinkSx = {
    color: 'text.primary',
    textDecoration: 'none',
    fontWeight: 500,
    px: 1.5,
    py: 1,
    borderRadius: 1,
    '&.active': { color: 'secondary.main' },
    '&:hover': { bgcolor: 'action.hover' },
  } as const;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1, boxShadow: 2 },
        }}
      >
        Skip to content
      </Box>
      <TopBar company={company} />
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {/* Room on the right for the cart badge, which sticks out of its icon by half its width:
            with the text at 200 % it is wider, and must not widen the page (WCAG 1.4.10). */}
        <Container disableGutters sx={{ pl: { xs: 0.5, sm: 2 }, pr: { xs: 1.5, sm: 2 } }}>
          <Toolbar disableGutters sx={{ gap: { xs: 0, sm: 1 }, minHeight: { xs: 56, sm: 64 } }}>
            <IconButton
              aria-label="Open menu"
              onClick={() => {
                props.onMenuOpen?.();
                setMenuEverOpened(true);
                setMenuOpen(true);
              }}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            <Box
              component={RouterLink}
              to="/"
              aria-label={`${brandName} home`}
              sx={{ display: 'flex', alignItems: 'center', textDecoration: 'none', color: 'inherit', minWidth: 0, mr: 'auto' }}
            >
              {company?.logoUrl ? (
                <Box
                  component="img"
                  src={company.logoUrl}
                  alt={brandName}
                  width={120}
                  height={40}
                  sx={{ height: 40, width: 'auto', maxWidth: { xs: 110, sm: 160 }, objectFit: 'contain' }}
                />
              ) : (
                <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 800, letterSpacing: 0.5 }}>
                  {brandName}
                </Typography>
              )}
            </Box>
            <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, mx: 2 }}>
              {LINKS.map((l) => (
                <Box key={l.to} component={NavLink} to={l.to} end={l.to === '/'} sx={navLinkSx}>
                  {l.label}
                </Box>
              ))}
              <Box
                component="button"
                type="button"
                aria-haspopup="true"
                aria-expanded={categoryAnchor !== null}
                onClick={(e: MouseEvent<HTMLElement>) => {
                  props.onMenuOpen?.();
                  setCategoryMenuUsed(true);
                  setCategoryAnchor(e.currentTarget);
                }}
                sx={{ ...navLinkSx, border: 0, background: 'none', font: 'inherit', cursor: 'pointer' }}
              >
                Categories
              </Box>
              <Box
                component="button"
                type="button"
                onClick={props.onAccount}
                sx={{ ...navLinkSx, border: 0, background: 'none', font: 'inherit', cursor: 'pointer' }}
              >
                Account
              </Box>
            </Box>
            <IconButton aria-label={userInitial ? 'My account' : 'Sign in'} onClick={props.onAccount}>
              {userInitial ? (
                <Avatar sx={{ width: 28, height: 28, fontSize: 15, bgcolor: 'secondary.main' }}>{userInitial}</Avatar>
              ) : (
                <PersonOutlineIcon />
              )}
            </IconButton>
            <IconButton aria-label="Search products" onClick={props.onSearch}>
              <SearchIcon />
            </IconButton>
            <IconButton aria-label={`Wishlist, ${wishlistCount} items`} onClick={props.onWishlist}>
              <Badge badgeContent={wishlistCount} color="secondary" data-testid="wishlist-count">
                <FavoriteBorderIcon />
              </Badge>
            </IconButton>
            <IconButton aria-label={`Cart, ${cartCount} items`} onClick={props.onCart}>
              <Badge badgeContent={cartCount} color="secondary" data-testid="cart-count">
                <ShoppingBagOutlinedIcon />
              </Badge>
            </IconButton>
          </Toolbar>
        </Container>
      </AppBar>
      {menuEverOpened && (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            brandName={brandName}
            links={LINKS}
            categories={categories}
            onClose={() => setMenuOpen(false)}
            onAccount={props.onAccount}
            onLogout={props.onLogout}
          />
        </Suspense>
      )}
      {categoryMenuUsed && (
        <Suspense fallback={null}>
          <CategoryMenu anchor={categoryAnchor} categories={categories} onClose={() => setCategoryAnchor(null)} />
        </Suspense>
      )}
      {/* At least a screen high: while a page loads its data, the footer stays below the fold
          instead of jumping down when the content arrives (layout shift). */}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none', minWidth: 0, minHeight: '100vh' }}>
        {children}
      </Box>
      {/* Below the fold on every page: rendered right after the first paint. */}
      {footerReady && <Footer company={company} brandName={brandName} />}
      {overlays}
    </Box>
  );
}
