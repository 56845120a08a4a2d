import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { category, product } from '@/testing/fixtures';
import { PRIVACY_SECTIONS } from '@/testing/legal';
import { routes } from './router';

describe('home page', () => {
  it('shows the hero, the category carousel, 4 of 10 featured products and the band', async () => {
    let limit: string | null = null;
    server.use(
      http.get('/api/categories', () =>
        HttpResponse.json({
          data: [category(), category({ id: 'c-w', name: 'Women', slug: 'women', description: 'For her' })],
        }),
      ),
      http.get('/api/products', ({ request }) => {
        limit = new URL(request.url).searchParams.get('limit');
        const items = Array.from({ length: 10 }, (_, i) => product({ id: `p-${i}`, name: `Item ${i}`, slug: `item-${i}` }));
        return HttpResponse.json({ data: items, pagination: { totalItems: 10, currentPage: 1, limit: 10, totalPages: 1 } });
      }),
    );
    await renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Men' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Now' })).toHaveAttribute('href', '/shop');
    const featured = await screen.findByRole('region', { name: 'Featured Products' });
    await waitFor(() => expect(within(featured).getAllByRole('article')).toHaveLength(4));
    expect(limit).toBe('10');
    expect(within(featured).getByRole('link', { name: 'Shop All' })).toHaveAttribute('href', '/shop');
    const carousel = screen.getByRole('region', { name: 'Shop by Category' });
    expect(within(carousel).getByRole('link', { name: 'Women' })).toHaveAttribute('href', '/category/women');
    // The sections below the hero come one after another, after the first paint.
    expect(await screen.findByRole('button', { name: /^Our Story/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Our Blog/ })).toBeInTheDocument();
    expect(screen.getByText('Secured Payments')).toBeInTheDocument();
    // layout: company contact data from the API
    expect(screen.getAllByText('+91-9876543210').length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe('Home | Test Shop'));
  });
});

describe('static pages', () => {
  it('about shows the tabs and the figures', async () => {
    await renderRoutes(routes, '/about');
    expect(await screen.findByRole('tab', { name: 'Our Mission' })).toBeInTheDocument();
    for (const figure of ['500+', '50+', '98%', '24/7']) expect(screen.getByText(figure)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/shop');
  });

  it('blog filters the sample articles by category chip', async () => {
    await renderRoutes(routes, '/blog');
    const all = await screen.findAllByRole('article');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sustainability' }));
    const some = screen.getAllByRole('article');
    expect(some.length).toBeLessThan(all.length);
    expect(screen.getByText('Caring for your clothes')).toBeInTheDocument();
  });

  it('terms use the company name and e-mail and have a local Accept Terms toggle', async () => {
    await renderRoutes(routes, '/terms-and-conditions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(await screen.findByText(/Test Shop at hello@test.shop/)).toBeInTheDocument();
    expect(screen.getByText(/18 years of age or over/)).toBeInTheDocument();
    expect(screen.getByText(/100 USD/)).toBeInTheDocument();
    expect(screen.getByText(/30 days' notice/)).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Accept Terms' });
    await userEvent.setup().click(toggle);
    expect(toggle).toBeChecked();
    expect(screen.getByRole('navigation', { name: 'Contents' })).toBeInTheDocument();
  });

  it('privacy shows the legal page saved in the back office', async () => {
    server.use(
      http.get('/api/legal-pages', () =>
        HttpResponse.json({
          data: [{ id: 'l1', title: 'Privacy', slug: 'privacy-policy', content: 'We never sell your data.', createdAt: '', updatedAt: '' }],
        }),
      ),
    );
    await renderRoutes(routes, '/privacy-policy');
    expect(await screen.findByText('We never sell your data.')).toBeInTheDocument();
    // A plain text is one section; every section a legal page must have (docs/PRODUCT.md) is kept from the default text.
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getAllByRole('button').map((b) => b.textContent)).toEqual(['Privacy Policy', ...PRIVACY_SECTIONS]);
  });

  it('privacy renders the saved Markdown: its headings make the contents, raw HTML is dropped', async () => {
    const content = [
      'Our promise.',
      '## Interpretation and Definitions',
      '**We** means the shop. <img src=x onerror="alert(1)"><script>alert(2)</script>',
      '## Collecting Your Personal Data',
      '- name\n- e-mail',
      '[unsafe](javascript:alert(3)) [site](https://example.com)',
      '## Contact Us',
      'Write to privacy@test.shop.',
    ].join('\n\n');
    server.use(
      http.get('/api/legal-pages', () =>
        HttpResponse.json({ data: [{ id: 'l1', title: 'Privacy', slug: 'privacy-policy', content, createdAt: '', updatedAt: '' }] }),
      ),
    );
    await renderRoutes(routes, '/privacy-policy');
    expect(await screen.findByText('Our promise.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Collecting Your Personal Data' })).toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    // The required sections that the text lacks are the default text's, in their place.
    expect(within(contents).getAllByRole('button').map((b) => b.textContent)).toEqual(PRIVACY_SECTIONS);
    expect(screen.getByText('Write to privacy@test.shop.')).toBeInTheDocument();
    expect(screen.getByText('We').tagName).toBe('STRONG');
    expect(screen.getByText('e-mail').tagName).toBe('LI');
    expect(document.querySelector('main script, main img[src="x"]')).toBeNull();
    expect(screen.getByText('unsafe')).not.toHaveAttribute('href', expect.stringContaining('javascript'));
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('privacy without a saved text shows every section a privacy policy must have', async () => {
    await renderRoutes(routes, '/privacy-policy');
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    await waitFor(() => expect(within(contents).getAllByRole('button')).toHaveLength(8));
    for (const id of ['interpretation', 'collecting', 'tracking', 'usage', 'retention', 'security', 'children', 'contact']) {
      expect(document.getElementById(id)).not.toBeNull();
    }
  });

  it('refund policy states the windows and rules', async () => {
    await renderRoutes(routes, '/refund-policy');
    expect(await screen.findByText(/7 days to cancel/)).toBeInTheDocument();
    expect(screen.getByText(/within 14 days of receipt/)).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('tab', { name: 'Conditions' }));
    expect(screen.getByText(/Sale items are refunded only when they arrive damaged, defective, not as described or after the expected delivery date/)).toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: 'Process' }));
    expect(screen.getByText(/You pay the shipping cost/)).toBeInTheDocument();
  });
});
