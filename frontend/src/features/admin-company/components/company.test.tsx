import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { productPage, signInAdmin } from '@/testing/admin';
import { company } from '@/testing/fixtures';
import { routes } from '@/app/router';
import type { Company } from '@/lib/api-types';

function serveCompany(saved: Partial<Company> = {}) {
  let current = company(saved);
  const sent: FormData[] = [];
  server.use(
    http.get('/api/company-details', () => HttpResponse.json({ data: current })),
    http.put('/api/company-details', async ({ request }) => {
      const form = await request.formData();
      sent.push(form);
      current = {
        name: String(form.get('name')),
        email: String(form.get('email')),
        phone: String(form.get('phone')),
        address: String(form.get('address')),
        pincode: String(form.get('pincode')),
        legalName: String(form.get('legalName')),
        gstin: String(form.get('gstin')),
        state: String(form.get('state')),
        invoicePrefix: String(form.get('invoicePrefix')),
        grievanceOfficer: String(form.get('grievanceOfficer')),
        grievanceDesignation: String(form.get('grievanceDesignation')),
        grievanceEmail: String(form.get('grievanceEmail')),
        grievancePhone: String(form.get('grievancePhone')),
        logoUrl: form.get('logo') ? '/uploads/logo.svg' : current.logoUrl,
      };
      return HttpResponse.json({ data: current, message: 'Company details updated successfully!' });
    }),
    http.get('/api/products', () => HttpResponse.json(productPage([]))),
  );
  return sent;
}

describe('admin company details', () => {
  it('validates, saves with the logo, and the storefront shows the change at once', async () => {
    const sent = serveCompany();
    signInAdmin();
    const { router } = await renderRoutes(routes, '/');
    expect((await screen.findAllByText('+91-9876543210')).length).toBeGreaterThan(0);
    await act(() => router.navigate('/admin/company'));
    const form = await screen.findByRole('form', { name: 'Company details' });
    const name = within(form).getByRole('textbox', { name: /Company name/ });
    await waitFor(() => expect(name).toHaveValue('Test Shop'));
    const u = userEvent.setup();

    await u.clear(name);
    await u.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Please fill the company name.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await u.type(name, 'Kurta House');
    const phone = within(form).getByRole('textbox', { name: 'Phone' });
    await u.clear(phone);
    // Typed as people write it: kept as typed, sent as its 10 digits (not the first 10 digits: 9198765432).
    await u.type(phone, '+91 98765-43210');
    expect(phone).toHaveValue('+91 98765-43210');
    const pincode = within(form).getByRole('textbox', { name: 'Pincode' });
    await u.clear(pincode);
    await u.type(pincode, '4000012');
    expect(pincode).toHaveValue('400001');

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 10)], 'big.png', { type: 'image/png' });
    await u.upload(within(form).getByLabelText('Company logo'), big);
    expect(within(form).getByText('Logo must be 2MB or smaller.')).toBeInTheDocument();
    await u.upload(within(form).getByLabelText('Company logo'), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(within(form).queryByText('Logo must be 2MB or smaller.')).not.toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Company logo' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));

    await u.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company details updated successfully!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].get('name')).toBe('Kurta House');
    expect(sent[0].get('phone')).toBe('9876543210');
    expect(sent[0].get('pincode')).toBe('400001');
    expect((sent[0].get('logo') as Blob).type).toBe('image/svg+xml');

    await act(() => router.navigate('/'));
    expect((await screen.findAllByText('+91-9876543210')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Kurta House').length).toBeGreaterThan(0);
  });

  it('says so when the update fails', async () => {
    serveCompany();
    server.use(http.put('/api/company-details', () => new HttpResponse(null, { status: 500 })));
    signInAdmin();
    await renderRoutes(routes, '/admin/company');
    const form = await screen.findByRole('form', { name: 'Company details' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Company name/ })).toHaveValue('Test Shop'));
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed!')).toBeInTheDocument();
  });
  it('edits the grievance officer: shows the saved one, checks before sending, sends all four fields', async () => {
    const sent = serveCompany({ grievanceOfficer: 'Meera Iyer', grievanceDesignation: 'Head of customer care' });
    signInAdmin();
    await renderRoutes(routes, '/admin/company');
    const form = await screen.findByRole('form', { name: 'Company details' });
    const officer = within(form).getByRole('textbox', { name: "Officer's name" });
    await waitFor(() => expect(officer).toHaveValue('Meera Iyer'));
    expect(within(form).getByRole('textbox', { name: 'Designation' })).toHaveValue('Head of customer care');
    const u = userEvent.setup();
    const save = within(form).getByRole('button', { name: 'Save' });

    // A designation without a name is refused, as the server would.
    await u.clear(officer);
    await u.click(save);
    expect(officer).toHaveAccessibleDescription('Name the grievance officer whose designation or contact this is');
    expect(sent).toHaveLength(0);

    await u.type(officer, 'Meera Iyer');
    const email = within(form).getByRole('textbox', { name: 'Grievance email' });
    await u.type(email, 'meera@');
    await u.click(save);
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(officer).not.toHaveAccessibleDescription();
    expect(sent).toHaveLength(0);

    await u.type(email, 'kapda.in');
    await u.type(within(form).getByRole('textbox', { name: 'Grievance phone' }), '+91 98450-12345');
    await u.click(save);
    expect(await screen.findByText('Company details updated successfully!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const grievance = ['grievanceOfficer', 'grievanceDesignation', 'grievanceEmail', 'grievancePhone'].map((k) => sent[0].get(k));
    // The phone as the shop keeps it: its 10 digits.
    expect(grievance).toEqual(['Meera Iyer', 'Head of customer care', 'meera@kapda.in', '9845012345']);
  });

  it("shows the server's refusal of a grievance field", async () => {
    serveCompany({ grievanceOfficer: 'Meera Iyer' });
    server.use(
      http.put('/api/company-details', () =>
        HttpResponse.json(
          { message: 'Designation may hold only printable characters', code: 'invalid_value', field: 'grievanceDesignation' },
          { status: 422 },
        ),
      ),
    );
    signInAdmin();
    await renderRoutes(routes, '/admin/company');
    const form = await screen.findByRole('form', { name: 'Company details' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: "Officer's name" })).toHaveValue('Meera Iyer'));
    const u = userEvent.setup();
    await u.type(within(form).getByRole('textbox', { name: 'Designation' }), 'Head');
    await u.click(within(form).getByRole('button', { name: 'Save' }));
    // Under the field it concerns, which takes the focus, as the form's own checks are shown.
    const designation = within(form).getByRole('textbox', { name: 'Designation' });
    await waitFor(() => expect(designation).toHaveAccessibleDescription('Designation may hold only printable characters'));
    expect(designation).toHaveFocus();
    expect(designation).toBeInvalid();
    expect(screen.queryByText('Update failed!')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of the GSTIN under it in place of its hint, and a refusal of no field as a notice", async () => {
    serveCompany();
    let refusal = { message: 'GSTIN 29ABCDE1234F1Z5 is of Karnataka (29), not of the state chosen', code: 'invalid_value', field: 'gstin' };
    server.use(http.put('/api/company-details', () => HttpResponse.json(refusal, { status: 422 })));
    signInAdmin();
    await renderRoutes(routes, '/admin/company');
    const form = await screen.findByRole('form', { name: 'Company details' });
    const gstin = within(form).getByRole('textbox', { name: 'GSTIN' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Company name/ })).toHaveValue('Test Shop'));
    const u = userEvent.setup();
    await u.type(gstin, '29ABCDE1234F1Z5');
    await u.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gstin).toHaveAccessibleDescription(refusal.message));
    expect(gstin).toHaveFocus();

    // The state is a picker: its own control takes the focus (not its hidden input).
    refusal = { message: 'Choose the state the GSTIN is registered in', code: 'state_required', field: 'state' };
    await u.click(within(form).getByRole('button', { name: 'Save' }));
    const state = within(form).getByRole('combobox', { name: 'State' });
    await waitFor(() => expect(state).toHaveAccessibleDescription(refusal.message));
    expect(state).toHaveFocus();

    // A refusal naming no field of the form: a notice, and the GSTIN's hint is back.
    refusal = { message: 'The company details were changed meanwhile', code: 'conflict', field: '' };
    await u.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(gstin).toHaveAccessibleDescription("15 characters; its first two digits are the state's code");
  });
});

describe('admin legal pages', () => {
  function serveLegal() {
    let pages = [
      { id: 'l1', title: 'Privacy Policy', slug: 'privacy-policy', content: 'Old privacy words.', createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' },
    ];
    const posts: unknown[] = [];
    server.use(
      http.get('/api/legal-pages', () => HttpResponse.json({ data: pages })),
      http.post('/api/legal-pages', async ({ request }) => {
        const body = (await request.json()) as { slug: string; title: string; content: string };
        posts.push(body);
        const saved = { id: `l-${body.slug}`, createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-02-01T00:00:00Z', ...body };
        pages = [...pages.filter((p) => p.slug !== body.slug), saved];
        return HttpResponse.json({ data: saved, message: 'Page saved successfully!' });
      }),
    );
    return posts;
  }

  it('edits both tabs and the storefront policy page shows the saved text straight away', async () => {
    const posts = serveLegal();
    signInAdmin();
    const { router } = await renderRoutes(routes, '/privacy-policy');
    expect(await screen.findByText('Old privacy words.')).toBeInTheDocument();
    await act(() => router.navigate('/admin/legal'));
    const tabs = await screen.findByRole('tablist', { name: 'Legal pages' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['privacy-policy', 'terms-conditions']);
    const u = userEvent.setup();
    const text = await screen.findByRole('textbox', { name: 'Privacy Policy content' });
    expect(text).toHaveValue('Old privacy words.');
    await u.clear(text);
    await u.type(text, 'New privacy words.');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Page saved successfully!')).toBeInTheDocument();
    expect(posts[0]).toEqual({ slug: 'privacy-policy', title: 'Privacy Policy', content: 'New privacy words.' });

    await u.click(within(tabs).getByRole('tab', { name: 'terms-conditions' }));
    const terms = screen.getByRole('textbox', { name: 'Terms & Conditions content' });
    expect(terms).toHaveValue('');
    await u.type(terms, 'Be nice.');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ slug: 'terms-conditions', title: 'Terms & Conditions', content: 'Be nice.' });

    await act(() => router.navigate('/privacy-policy'));
    expect(await screen.findByText('New privacy words.')).toBeInTheDocument();
    expect(screen.queryByText('Old privacy words.')).not.toBeInTheDocument();
  });

  it('reports failures to load and to save', async () => {
    server.use(
      http.get('/api/legal-pages', () => new HttpResponse(null, { status: 500 })),
      http.post('/api/legal-pages', () => new HttpResponse(null, { status: 500 })),
    );
    signInAdmin();
    await renderRoutes(routes, '/admin/legal');
    expect((await screen.findAllByText('Failed to fetch legal pages.')).length).toBeGreaterThan(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save page.')).toBeInTheDocument();
  });
});
