import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dayParam, useListParams } from './list-params';

interface Params {
  page: number;
  from?: string;
  to?: string;
}

const OPTIONS = {
  read: (s: URLSearchParams) => ({ from: dayParam(s, 'from'), to: dayParam(s, 'to') }),
  write: (p: Params) => ({ from: p.from, to: p.to }),
};

let change: (c: Partial<Params>) => void = () => {};

function List() {
  const [params, setParams] = useListParams<Params>(OPTIONS);
  change = setParams;
  return <p>{`from=${params.from ?? ''} to=${params.to ?? ''} page=${params.page}`}</p>;
}

function show(entry: string) {
  const router = createMemoryRouter([{ path: '/list', element: <List /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useListParams', () => {
  it('keeps both of two changes made before the list draws again (To, then From at once)', async () => {
    const router = show('/list?to=2026-11-20&page=3');
    await act(async () => {
      change({ to: '2026-11-27' });
      change({ from: '2026-11-27' });
    });
    expect(router.state.location.search).toBe('?from=2026-11-27&to=2026-11-27');
    expect(screen.getByText('from=2026-11-27 to=2026-11-27 page=1')).toBeInTheDocument();
  });

  it('builds on the address as it is now after someone else changed it', async () => {
    const router = show('/list?from=2026-11-01');
    await act(async () => change({ to: '2026-11-05' }));
    await act(async () => router.navigate('/list?from=2026-10-01'));
    await act(async () => change({ to: '2026-10-05' }));
    expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-10-05');
  });

  it('builds on a link back to the address it started from (the menu link to the bare list)', async () => {
    const router = show('/list');
    await act(async () => change({ from: '2026-11-01' }));
    await act(async () => router.navigate('/list'));
    await act(async () => change({ to: '2026-11-05' }));
    expect(router.state.location.search).toBe('?to=2026-11-05');
  });
});
