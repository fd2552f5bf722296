import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skipIfNoDatabase, type TestApp } from '../../../test/helpers';
import { invoices, orders } from '../../db/schema';
import { issueInvoice } from '../invoices/issue-invoice';
import { paidInvoiceOrder } from '../invoices/test-fixtures';
import { refundOrder } from './handle-notification';
import { sandboxProvider } from './sandbox-provider';

/** A refund of an invoiced order issues its correcting invoice (docs/invoices.md). */
describe.skipIf(skipIfNoDatabase)('refunds and correcting invoices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  const paidThroughSandbox = async (orderId: number) =>
    t.app.db
      .update(orders)
      .set({ providerOrderId: `sandbox-${orderId}`, paidRef: `ref-${orderId}.1` })
      .where(eq(orders.id, orderId));

  it('issues the correction for the refunded amount when the order has an invoice', async () => {
    const { orderId } = await paidInvoiceOrder(t.app);
    await paidThroughSandbox(orderId);
    const invoice = await t.app.db.transaction((tx) =>
      issueInvoice(tx, t.app.config, { orderId, issuedBy: null }),
    );
    const provider = await sandboxProvider(t.app);
    await refundOrder(t.app, provider, orderId, 50_000);
    await refundOrder(t.app, provider, orderId, 100_000);
    const corrections = await t.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.correctsId, invoice.id))
      .orderBy(invoices.id);
    expect(corrections.map((c) => [c.kind, c.grossGrosze])).toEqual([
      ['CORRECTION', 50_000],
      ['CORRECTION', 100_000],
    ]);
    expect(corrections[0]!.number).toMatch(/^FK\//);
  });

  it('refunds an order without an invoice without any correction', async () => {
    const { orderId } = await paidInvoiceOrder(t.app, { invoice: false });
    await paidThroughSandbox(orderId);
    await refundOrder(t.app, await sandboxProvider(t.app), orderId, 10_000);
    expect(await t.app.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);
  });
});
