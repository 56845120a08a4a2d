import { expect, test, type Page } from '@playwright/test';
import { expectNotice, registerCustomer, signIn, signInCustomer, fillAddress } from './support';

function accountNav(page: Page) {
  return page.getByRole('navigation', { name: 'My account' });
}

test('profile: view mode, edit, cancel, save; the changes stay after a reload', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'profile');
  await signInCustomer(page, customer);
  await expect(page.getByText(`Hello, ${customer.username}`)).toBeVisible();

  await accountNav(page).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/myaccount\/account$/);
  const form = page.getByRole('form', { name: 'Profile' });
  const first = form.getByRole('textbox', { name: 'First name' });
  await expect(first).toHaveValue(customer.username);
  await expect(first).toHaveAttribute('readonly', '');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(customer.email);

  // Cancel throws the edit away.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(form.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await expect(form.getByText('Email cannot be changed')).toBeVisible();
  await first.fill('Nobody');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(first).toHaveValue(customer.username);
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await first.fill('Asha');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Verma');
  await form.getByRole('textbox', { name: 'Mobile' }).pressSequentially('98765-01234');
  await expect(form.getByRole('textbox', { name: 'Mobile' })).toHaveValue('98765-01234');
  await form.getByLabel('Date of birth').fill('1995-04-12');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Profile updated!');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByText('Hello, Asha')).toBeVisible();

  await page.reload();
  await expect(first).toHaveValue('Asha');
  await expect(form.getByRole('textbox', { name: 'Last name' })).toHaveValue('Verma');
  await expect(form.getByRole('textbox', { name: 'Mobile' })).toHaveValue('9876501234');
  await expect(form.getByLabel('Date of birth')).toHaveValue('1995-04-12');
});

test('addresses: add, edit, the default cannot be deleted, delete after confirmation', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'addresses');
  await signInCustomer(page, customer);
  await accountNav(page).getByRole('link', { name: 'Address' }).click();
  await expect(page).toHaveURL(/\/myaccount\/address$/);
  await expect(page.getByText('No addresses yet')).toBeVisible();

  async function add(line1: string, city: string, state: string, postal: string, makeDefault: boolean) {
    await page.getByRole('button', { name: 'Add New Address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await fillAddress(page, form, { line1, city, state, pin: postal });
    if (makeDefault) await form.getByLabel('Make this my default address').check();
    await form.getByRole('button', { name: 'Add Address' }).click();
    await expectNotice(page, 'Address added!');
    await expect(form).toBeHidden();
  }

  await add('7 Lake View', 'Kochi', 'Kerala', '682001', true);
  await add('44 Hill Street', 'Shimla', 'Himachal Pradesh', '171001', false);
  const home = page.getByRole('region', { name: 'Address Asha Rao, 7 Lake View, Kochi, Kerala, 682001, +91-98765-43210' });
  const hill = page.getByRole('region', { name: 'Address Asha Rao, 44 Hill Street, Shimla, Himachal Pradesh, 171001, +91-98765-43210' });
  await expect(home.getByText('Default')).toBeVisible();
  await expect(hill.getByText('Default')).toHaveCount(0);

  // Edit: the form starts with the address and saves the change.
  await hill.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit address' });
  await expect(edit.getByLabel('Address line 1')).toHaveValue('44 Hill Street');
  await edit.getByLabel('City').fill('Manali');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Address updated!');
  const manali = page.getByRole('region', { name: 'Address Asha Rao, 44 Hill Street, Manali, Himachal Pradesh, 171001, +91-98765-43210' });
  await expect(manali).toBeVisible();
  await expect(hill).toHaveCount(0);

  // The default address cannot be deleted.
  await home.getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Default address cannot be deleted!');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(home).toBeVisible();

  // Another one can, after a confirmation.
  await manali.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete address?' });
  await expect(confirm).toContainText('44 Hill Street, Manali, Himachal Pradesh, 171001');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Address deleted!');
  await expect(manali).toHaveCount(0);
  await page.reload();
  await expect(home).toBeVisible();
  await expect(page.getByRole('region', { name: /^Address / })).toHaveCount(1);
});

test('password: mismatch and wrong current password are refused; the new one signs in', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'password');
  const newPassword = 'Brand-new-pass-2';
  await signInCustomer(page, customer);
  await accountNav(page).getByRole('link', { name: 'Password' }).click();
  await expect(page).toHaveURL(/\/myaccount\/password$/);
  const form = page.getByRole('form', { name: 'Change password' });
  const current = form.getByRole('textbox', { name: 'Current password' });
  const next = form.getByRole('textbox', { name: 'New password', exact: true });
  const confirm = form.getByRole('textbox', { name: 'Confirm new password' });

  await current.fill(customer.password);
  await next.fill(newPassword);
  await confirm.fill(`${newPassword}!`);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('New password and confirm password do not match')).toBeVisible();

  await current.fill('not-my-password');
  await confirm.fill(newPassword);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectNotice(page, 'Current password is incorrect');

  await current.fill(customer.password);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectNotice(page, 'Password changed successfully');
  await expect(current).toHaveValue('');

  // Logout from the account area goes to /login, which offers the sign-in dialog.
  await accountNav(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You are signed out')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The old password no longer works; the new one does.
  await page.goto('/about');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await dialog.getByLabel('Email or username').fill(customer.username);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectNotice(page, 'Invalid email/username or password');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await signIn(page, customer.username, newPassword);
  await expect(page).toHaveURL(/\/myaccount\/dashboard$/);
});
