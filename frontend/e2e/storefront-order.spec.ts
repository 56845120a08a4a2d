import { expect, test } from '@playwright/test';
import { badgeButton, expectNotice, newCustomer, fillAddress } from './support';

// A new visitor finds a product, signs up when asked, buys two sizes,
// pays cash on delivery and cancels the pending order from the order history.
test('a visitor browses, signs up when adding to cart, orders two sizes and cancels the order', async ({ page }) => {
  const customer = newCustomer('buyer');

  // Home → category carousel → category listing.
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Shop by Category' });
  await carousel.getByRole('link', { name: 'Men', exact: true }).click();
  await expect(page).toHaveURL(/\/category\/men$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Men' })).toBeVisible();
  await expect(page.locator('main#main').getByText(/^\d+ product\(s\) found$/)).toBeVisible();
  const card = page.getByRole('article', { name: 'Printed Rayon Shirt' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article', { name: 'Floral Wrap Dress' })).toHaveCount(0);
  await expect(card.getByText('13% OFF')).toBeVisible();

  // Product page: price with the struck-through MRP, sorted sizes, the count of sizes in stock.
  await card.getByRole('link', { name: 'Printed Rayon Shirt' }).click();
  await expect(page).toHaveURL(/\/product\/printed-rayon-shirt$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Printed Rayon Shirt' })).toBeVisible();
  await expect(page.getByText('4 sizes available')).toBeVisible();
  const sizeGroup = page.getByRole('group', { name: 'Select Size' });
  await expect(sizeGroup.getByRole('button')).toHaveText(['S', 'M', 'L', 'XL']);
  const addButton = page.getByRole('button', { name: /^Add to Cart - / });
  await expect(addButton).toHaveText('Add to Cart - ₹999.00');

  // A guest who adds to the cart is asked to sign in; the visitor creates an account instead.
  await sizeGroup.getByRole('button', { name: 'Size M' }).click();
  await addButton.click();
  await expectNotice(page, 'Please login to add to cart');
  const signInDialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signInDialog).toBeVisible();
  await signInDialog.getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('dialog', { name: 'Create Account' });
  await register.getByLabel('Username').fill(customer.username);
  await register.getByLabel('Email').fill(customer.email);
  await register.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password);
  await register.getByLabel('Confirm password').fill(`${customer.password}x`);
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(register.getByText('Passwords do not match')).toBeVisible();
  await register.getByLabel('Confirm password').fill(customer.password);
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(register).toBeHidden();
  // Back where the shopper was, signed in, and the size M asked for before signing up is in
  // the cart: added once, without a second tap.
  await expect(page).toHaveURL(/\/product\/printed-rayon-shirt$/);
  await expect(page.getByRole('button', { name: 'My account' })).toHaveText(customer.username.charAt(0).toUpperCase());
  await expectNotice(page, 'Added to cart');
  await expect(badgeButton(page, 'Cart', 1)).toBeVisible();

  // Size L, two pieces chosen with the stepper on the product page.
  await expect(page.getByRole('heading', { level: 1, name: 'Printed Rayon Shirt' })).toBeVisible();
  await sizeGroup.getByRole('button', { name: 'Size L' }).click();
  const stepper = page.getByRole('group', { name: 'Quantity' });
  await expect(stepper.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(stepper.locator('output')).toHaveText('2');
  await expect(addButton).toHaveText('Add to Cart - ₹1,998.00');
  await addButton.click();
  await expectNotice(page, 'Added to cart');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(badgeButton(page, 'Cart', 2)).toBeVisible();

  // The cart: two lines; one more M with the line's stepper.
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const lineM = page.getByRole('listitem', { name: 'Printed Rayon Shirt, size M' });
  const lineL = page.getByRole('listitem', { name: 'Printed Rayon Shirt, size L' });
  await expect(lineL.locator('output')).toHaveText('2');
  await expect(lineM.locator('output')).toHaveText('1');
  await expect(lineM.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await lineM.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(lineM.locator('output')).toHaveText('2');
  await expect(lineM.getByLabel('Line subtotal ₹1,998.00')).toBeVisible();
  // 4 × ₹999 paid, MRP 4 × ₹1,149, saving 4 × ₹150.
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('Subtotal₹4,596.00');
  await expect(summary).toContainText('Discount- ₹600.00');
  await expect(summary).toContainText('Tax₹0.00');
  await expect(summary).toContainText('Total₹3,996.00');

  // Checkout with a new address.
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('No addresses yet. Add a delivery address to continue.')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expectNotice(page, 'Please select an address.');
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expect(form.getByText('Address line 1 is required')).toBeVisible();
  await fillAddress(page, form, { line1: '12 MG Road', city: 'Pune', state: 'Maharashtra', pin: '' });
  await form.getByLabel('PIN code').pressSequentially('4110x01');
  await expect(form.getByLabel('PIN code')).toHaveValue('411001');
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expectNotice(page, 'Address added successfully');
  const address = page.getByRole('radio', { name: /12 MG Road, Pune, Maharashtra, 411001/ });
  await expect(address).toBeChecked();
  const review = page.getByRole('list', { name: 'Items in your order' });
  await expect(review.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
  await expect(page.getByRole('status', { name: 'Cash on delivery' })).toHaveText(
    'Cash on delivery available for this order (up to Rs 10,000.00)',
  );

  await page.getByRole('button', { name: 'Place Order' }).click();
  const success = page.getByRole('dialog', { name: 'Order Placed Successfully!' });
  await expect(success).toBeVisible();
  await expectNotice(page, 'Order placed successfully! Confirmation email sent');
  const orderNumber = ((await success.getByText(/^Order #/).textContent()) ?? '').replace('Order #', '');
  expect(orderNumber).toMatch(/^[0-9A-F]{8}$/);

  // Order history: the pending order, then its cancellation after a confirmation.
  await success.getByRole('button', { name: 'View Order History' }).click();
  await expect(page).toHaveURL(/\/myaccount\/order$/);
  await expect(badgeButton(page, 'Cart', 0)).toBeVisible();
  const order = page.getByRole('article', { name: `Order ${orderNumber.toLowerCase()}` });
  await expect(order.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
  await expect(order.getByText('Pending', { exact: true })).toBeVisible();
  await expect(order.getByText('Total ₹3,996.00')).toBeVisible();
  await expect(order.getByText('Size M · Royal Blue · Qty 2')).toBeVisible();
  await expect(order.getByText('Size L · Royal Blue · Qty 2')).toBeVisible();
  await expect(order.getByText('Deliver to: Asha Rao, 12 MG Road, Pune, Maharashtra, 411001, +91-98765-43210')).toBeVisible();

  await order.getByRole('button', { name: 'Cancel Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
  await confirm.getByRole('button', { name: 'Keep order' }).click();
  await expect(confirm).toBeHidden();
  await expect(order.getByText('Pending', { exact: true })).toBeVisible();
  await order.getByRole('button', { name: 'Cancel Order' }).click();
  await confirm.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectNotice(page, 'Order cancelled successfully!');
  await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);

  // The cancellation is the server's: it survives a reload.
  await page.reload();
  await expect(page.getByRole('article', { name: `Order ${orderNumber.toLowerCase()}` }).getByText('Cancelled', { exact: true })).toBeVisible();
});
