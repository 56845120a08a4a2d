import { describe, expect, it } from 'vitest';
import { BLOG_POSTS, postDate } from './BlogPage';

describe('blog dates', () => {
  it('are days before today in India, newest first', () => {
    // 26 Nov 2026, 20:00 UTC is already 27 Nov in India.
    const now = new Date('2026-11-26T20:00:00Z');
    expect(postDate(0, now)).toBe('27 Nov 2026');
    expect(postDate(4, now)).toBe('23 Nov 2026');
    const ages = BLOG_POSTS.map((p) => p.daysAgo);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    expect(Math.max(...ages)).toBeLessThanOrEqual(60);
  });
});
