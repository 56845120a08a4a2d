import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useDebounced, useStagedCount } from './hooks';

describe('useStagedCount', () => {
  it('starts with the first items and grows step by step to all of them, never past', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const n = useStagedCount(10, 4, 4);
      seen.push(n);
      return n;
    });
    expect(seen[0]).toBe(4);
    await waitFor(() => expect(result.current).toBe(10));
    // 4, then 8, then all 10: each step its own render.
    expect([...new Set(seen)]).toEqual([4, 8, 10]);
  });

  it('a list shorter than the first step is shown whole at once', () => {
    const { result } = renderHook(() => useStagedCount(2, 4, 4));
    expect(result.current).toBe(2);
  });
});

describe('useDebounced', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows a value only after it has stood still for the delay, skipping the values in between', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 500), { initialProps: { value: '' } });
    for (const typed of ['z', 'zz', 'zzz']) {
      rerender({ value: typed });
      act(() => vi.advanceTimersByTime(300));
      expect(result.current).toBe('');
    }
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe('zzz');
  });
});
