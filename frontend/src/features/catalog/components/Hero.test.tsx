import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/render';
import { matchMediaWhere } from '@/testing/media';
import { category } from '@/testing/fixtures';
import type { Category } from '@/lib/api-types';
import { HERO_INTERVAL_MS, Hero } from './Hero';

const pictured = (name: string) => category({ id: `c-${name}`, name, slug: name.toLowerCase() });
const unpictured = (name: string) => category({ id: `c-${name}`, name, slug: name.toLowerCase(), imageUrl: null, uploads: [] });

const shownSlide = () => screen.getByRole('heading', { level: 1 }).textContent;

/** Lets one rotation interval pass on the fake clock. */
const oneInterval = () => act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS));

/** Renders the hero with its rotation on a fake clock (only intervals: user-event and Testing Library wait on real timeouts). */
function renderHero(categories: Category[]) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  renderWithApp(<Hero categories={categories} brandName="Test Shop" />);
  return userEvent.setup();
}

/** The browser's "reduce motion" setting, as matchMedia reports it. */
function preferReducedMotion() {
  vi.stubGlobal('matchMedia', matchMediaWhere((query) => query === '(prefers-reduced-motion: reduce)'));
}

describe('home page carousel', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives every dot a tap target of at least 24 × 24 px, the current one too', async () => {
    const categories = ['Women', 'Men', 'Kids'].map(pictured);
    renderWithApp(<Hero categories={categories} brandName="Test Shop" />);
    const dots = ['Show Women', 'Show Men', 'Show Kids'].map((name) => screen.getByRole('button', { name }));
    const atLeast24 = (dot: HTMLElement) => {
      const { width, height } = getComputedStyle(dot);
      expect(parseFloat(width)).toBeGreaterThanOrEqual(24);
      expect(parseFloat(height)).toBeGreaterThanOrEqual(24);
    };
    dots.forEach(atLeast24);

    await userEvent.setup().click(dots[2]);
    expect(dots[2]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Kids' })).toBeInTheDocument();
    dots.forEach(atLeast24);
  });

  it('shows only the categories that have a picture (an upload counts)', () => {
    const kids = category({ id: 'c-Kids', name: 'Kids', slug: 'kids', imageUrl: null, uploads: [{ id: 'up-1', filename: 'kids.jpg', url: '/uploads/kids.jpg' }] });
    renderHero([unpictured('Sale'), pictured('Men'), unpictured('Women'), kids]);
    expect(shownSlide()).toBe('Men');
    expect(screen.getByRole('button', { name: 'Show Men' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Kids' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show Sale' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show Women' })).not.toBeInTheDocument();

    oneInterval();
    expect(shownSlide()).toBe('Kids');
    oneInterval();
    expect(shownSlide()).toBe('Men');
  });

  it('with no category picture, shows the welcome slide alone', () => {
    renderHero([unpictured('Sale'), unpictured('Women')]);
    expect(shownSlide()).toBe('Test Shop');
    expect(screen.queryByRole('button', { name: /^Show / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /slideshow/ })).not.toBeInTheDocument();
  });

  it('Pause stops the rotation and Play starts it again', async () => {
    const u = renderHero(['Women', 'Men', 'Kids'].map(pictured));
    oneInterval();
    expect(shownSlide()).toBe('Men');

    await u.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    await u.unhover(screen.getByRole('region', { name: 'Featured categories' }));
    oneInterval();
    oneInterval();
    expect(shownSlide()).toBe('Men');

    await u.click(screen.getByRole('button', { name: 'Play slideshow' }));
    await u.unhover(screen.getByRole('region', { name: 'Featured categories' }));
    oneInterval();
    expect(shownSlide()).toBe('Kids');
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
  });

  it('does not rotate when the shopper prefers reduced motion, until they press Play', async () => {
    preferReducedMotion();
    const u = renderHero(['Women', 'Men'].map(pictured));
    oneInterval();
    oneInterval();
    expect(shownSlide()).toBe('Women');

    await u.click(screen.getByRole('button', { name: 'Play slideshow' }));
    await u.unhover(screen.getByRole('region', { name: 'Featured categories' }));
    oneInterval();
    expect(shownSlide()).toBe('Men');
  });

  it('pauses while the mouse is over it', async () => {
    const u = renderHero(['Women', 'Men', 'Kids'].map(pictured));
    const carousel = screen.getByRole('region', { name: 'Featured categories' });
    await u.hover(carousel);
    oneInterval();
    oneInterval();
    expect(shownSlide()).toBe('Women');

    await u.unhover(carousel);
    oneInterval();
    expect(shownSlide()).toBe('Men');
  });

  it('pauses while keyboard focus is inside it', async () => {
    const u = renderHero(['Women', 'Men', 'Kids'].map(pictured));
    await u.tab();
    expect(screen.getByRole('link', { name: 'Explore Now' })).toHaveFocus();
    oneInterval();
    oneInterval();
    expect(shownSlide()).toBe('Women');

    // Focus moves on to a dot: still inside, still paused.
    await u.tab();
    oneInterval();
    expect(shownSlide()).toBe('Women');

    await u.tab({ shift: true });
    await u.tab({ shift: true });
    expect(document.body).toHaveFocus();
    oneInterval();
    expect(shownSlide()).toBe('Men');
  });
});
