import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Company } from '@/lib/api-types';
import { company } from '@/testing/fixtures';
import { StorefrontLayout } from './StorefrontLayout';

const none = () => {};

/** The layout with `over` laid on the default company; resolves to the footer, drawn after the first paint. */
function renderFooter(over: Partial<Company> = {}) {
  render(
    <MemoryRouter>
      <StorefrontLayout
        company={company(over)}
        brandName="Test Shop"
        userInitial={null}
        wishlistCount={0}
        cartCount={0}
        onAccount={none}
        onSearch={none}
        onWishlist={none}
        onCart={none}
      >
        <p>Page</p>
      </StorefrontLayout>
    </MemoryRouter>,
  );
  return screen.findByRole('contentinfo');
}

describe('storefront footer: grievance officer', () => {
  it('names the officer with their designation and own e-mail, reachable on the company phone when they have none', async () => {
    const footer = await renderFooter({
      grievanceOfficer: 'Meera Iyer',
      grievanceDesignation: 'Head of customer care',
      grievanceEmail: 'grievance@test.shop',
    });
    const officer = within(footer).getByRole('region', { name: 'Grievance officer' });
    expect(within(officer).getByText('Meera Iyer, Head of customer care')).toBeInTheDocument();
    expect(within(officer).getByRole('link', { name: 'grievance@test.shop' })).toHaveAttribute('href', 'mailto:grievance@test.shop');
    expect(within(officer).getByRole('link', { name: '+91-9876543210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(within(officer).getAllByRole('link')).toHaveLength(2);
  });

  it('without an e-mail of theirs or the company, shows the name and the phone only', async () => {
    const footer = await renderFooter({ grievanceOfficer: 'Meera Iyer', email: '', grievancePhone: '8023456789' });
    const officer = within(footer).getByRole('region', { name: 'Grievance officer' });
    expect(within(officer).getByText('Meera Iyer')).toBeInTheDocument();
    expect(within(officer).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['tel:+918023456789']);
  });

  it('shows nothing of it when no officer is named', async () => {
    const footer = await renderFooter({ grievanceDesignation: 'Head of customer care', grievanceEmail: 'grievance@test.shop' });
    // The contact column is there, without the officer.
    expect(within(footer).getByRole('link', { name: '+91-9876543210' })).toBeInTheDocument();
    expect(within(footer).queryByText('Grievance officer')).not.toBeInTheDocument();
    expect(within(footer).queryByRole('region')).not.toBeInTheDocument();
    expect(within(footer).queryByText(/Head of customer care/)).not.toBeInTheDocument();
  });
});
