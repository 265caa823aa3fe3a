// Issue 26 on a phone (375×812) against the built shop: a shopper's first order offers to keep its address (no
// postal code needed); the address book at /my-addresses shows it as the default; the second order is placed with
// only a delivery location chosen and the saved address confirmed. Payments go through the shop's Paystack stand-in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, signIn } from './support/accounts.mjs';
import { violations } from './support/axe.mjs';
import { graphql, pageGraphql, useBrowser, withPage } from './support/browser.mjs';
import { cartToShipping, payByCard } from './support/checkout.mjs';

const PHONE = { width: 375, height: 812 };
const browser = useBrowser();

/** A product with stock enough for this test's two orders, and the first delivery location. */
async function facts() {
  const { products } = await graphql('{ products(limit: 40, sort: ALPHABETICALLY) { id name quantity } }');
  const product = products.find((candidate) => candidate.quantity >= 6);
  assert.ok(product, 'the seed should have a product with stock to spare');
  const { deliveryLocations } = await graphql('{ deliveryLocations { id name } }');
  return { product, location: deliveryLocations[0] };
}

test('the first order keeps its address, and the second is placed with the saved address confirmed', async () => {
  const purchase = await facts();
  const account = await createAccount('addresses');
  await withPage(browser(), async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, account.email, account.password);

    // The first order: typed in, no postal code, and kept for next time (offered, ticked).
    const first = await cartToShipping(page, purchase);
    await first.getByLabel('Phone Number', { exact: true }).fill('0722 000 111');
    await first.getByLabel('Address', { exact: true }).fill('Jade Court, flat 4B, Argwings Kodhek Rd');
    await first.getByLabel('City', { exact: true }).fill('Nairobi');
    const keep = first.getByRole('checkbox', { name: 'Save this address for next time', exact: true });
    assert.equal(await keep.isChecked(), true);
    await payByCard(page, first);

    // The address book has it, as the default.
    await page.goto('/my-addresses');
    const book = page.getByRole('list', { name: 'Saved addresses' });
    const saved = book.getByRole('listitem', { name: 'Jade Court, flat 4B, Argwings Kodhek Rd', exact: true });
    await saved.getByText('Default', { exact: true }).waitFor();
    await saved.getByText('+254722000111', { exact: true }).waitFor();

    // The second order: only the location chosen; the form comes filled from the book, the shopper confirms it.
    const second = await cartToShipping(page, purchase);
    await second.getByText('From your saved addresses.').waitFor();
    assert.equal(await second.getByLabel('Phone Number', { exact: true }).inputValue(), '+254722000111');
    assert.equal(
      await second.getByLabel('Address', { exact: true }).inputValue(),
      'Jade Court, flat 4B, Argwings Kodhek Rd',
    );
    assert.equal(await second.getByLabel('City', { exact: true }).inputValue(), 'Nairobi');
    assert.equal(await second.getByRole('checkbox', { name: 'Save this address for next time' }).count(), 0);
    await payByCard(page, second);

    const { myOrders } = await pageGraphql(
      page,
      '{ myOrders { id paymentStatus recipientPhone shippingAddress shippingCity shippingPostalCode } }',
    );
    assert.equal(myOrders.length, 2);
    for (const order of myOrders) {
      assert.deepEqual(
        [
          order.paymentStatus,
          order.recipientPhone,
          order.shippingAddress,
          order.shippingCity,
          order.shippingPostalCode,
        ],
        ['completed', '+254722000111', 'Jade Court, flat 4B, Argwings Kodhek Rd', 'Nairobi', ''],
      );
    }
  });
});

test('the address book adds, edits, switches the default and deletes, and axe finds nothing on it', async () => {
  const account = await createAccount('address-book');
  await withPage(browser(), async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, account.email, account.password);
    await page.goto('/my-addresses');
    await page.getByText('No saved addresses yet.').waitFor();

    const form = page.getByRole('form', { name: 'Add an address' });
    await form.getByRole('button', { name: 'Save address', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill in all fields' }).waitFor();
    for (const [label, value] of [
      ['Recipient', 'Akinyi Otieno'],
      ['Phone number', '0712345678'],
      ['Street and building', 'Kindaruma Rd, Block C'],
      ['Area or estate (optional)', 'Kilimani'],
      ['Landmark or directions for the rider (optional)', 'Behind the Shell station'],
      ['City or town', 'Nairobi'],
    ]) {
      await form.getByLabel(label, { exact: true }).fill(value);
    }
    await form.getByRole('button', { name: 'Save address', exact: true }).click();
    const book = page.getByRole('list', { name: 'Saved addresses' });
    const home = book.getByRole('listitem', { name: 'Kindaruma Rd, Block C', exact: true });
    await home.getByText('Behind the Shell station').waitFor();

    // A second address, then it becomes the default; the first is edited; then deleted.
    await form.getByLabel('Recipient', { exact: true }).fill('Akinyi (office)');
    await form.getByLabel('Phone number', { exact: true }).fill('+254722000111');
    await form.getByLabel('Street and building', { exact: true }).fill('Kenyatta Ave 12');
    await form.getByLabel('City or town', { exact: true }).fill('Nairobi');
    await form.getByRole('button', { name: 'Save address', exact: true }).click();
    const office = book.getByRole('listitem', { name: 'Kenyatta Ave 12', exact: true });
    await office.getByRole('button', { name: 'Make default', exact: true }).click();
    await office.getByText('Default', { exact: true }).waitFor();
    assert.equal(await home.getByText('Default', { exact: true }).count(), 0);

    await home.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit address' });
    await edit.getByLabel('Street and building', { exact: true }).fill('Kindaruma Rd, Block D');
    await edit.getByRole('button', { name: 'Save changes', exact: true }).click();
    await book.getByRole('listitem', { name: 'Kindaruma Rd, Block D', exact: true }).waitFor();

    await page.waitForLoadState('networkidle');
    assert.deepEqual(await violations(page), [], '/my-addresses at 375×812: axe violations');

    const edited = book.getByRole('listitem', { name: 'Kindaruma Rd, Block D', exact: true });
    await edited.getByRole('button', { name: 'Delete', exact: true }).click();
    await edited.getByRole('button', { name: 'Yes, delete', exact: true }).click();
    await edited.waitFor({ state: 'detached' });
    assert.equal(await book.getByRole('listitem').count(), 1);
  });
});
