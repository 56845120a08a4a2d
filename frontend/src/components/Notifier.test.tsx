import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Notifier } from './Notifier';
import { notify, useNotices } from '@/lib/notify';

describe('notifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useNotices.setState({ notices: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stay 4 s, then fade out over 300 ms and disappear', () => {
    render(<Notifier />);
    act(() => notify.success('Added to wishlist'));
    expect(screen.getByText('Added to wishlist')).toBeVisible();

    act(() => vi.advanceTimersByTime(3990));
    expect(screen.getByText('Added to wishlist')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(20));
    // fading: still in the document during the 300 ms fade
    expect(screen.getByText('Added to wishlist')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(320));
    expect(screen.queryByText('Added to wishlist')).not.toBeInTheDocument();
  });

  it('shows errors with the error style and each message on its own timer', () => {
    render(<Notifier />);
    act(() => notify.error('Removed from wishlist'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => notify.success('Added to cart'));
    expect(screen.getByText('Removed from wishlist').closest('.MuiAlert-root')).toHaveClass('MuiAlert-filledError');

    act(() => vi.advanceTimersByTime(2000));
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText('Removed from wishlist')).not.toBeInTheDocument();
    expect(screen.getByText('Added to cart')).toBeInTheDocument();
  });
});
