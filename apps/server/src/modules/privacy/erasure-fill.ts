import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  attendeeMailRecipients,
  attendeeMails,
  auditLog,
  bonusSignups,
  cartItems,
  checkIns,
  checkInLists,
  customerInterests,
  customers,
  galleries,
  galleryImagePeople,
  galleryImages,
  interests,
  invoices,
  ksefSubmissions,
  offlineScans,
  orderItems,
  orders,
  outbox,
  privacyExports,
  productNotifications,
  products,
  rateLimits,
  seatOffers,
  tickets,
  userTokens,
  users,
} from '../../db/schema';
import { sealPesel } from '../../lib/pesel-store';
import type { PiiKeyring } from '../../lib/pii-crypto';

/**
 * Test support for erasure (erasure.test.ts; POST /test/privacy/fill/:id for the console's browser
 * test, registered only with TEST_SUPPORT=1): gives one account data in
 * every table the register lists, shaped like production's, with identifiers that appear nowhere
 * else, so a search of the whole database after its removal finds exactly what was kept.
 */
export type Identity = {
  name: string;
  surname: string;
  phone: string;
  street: string;
  city: string;
  pesel: string;
};

const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join('');
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

export const newIdentity = (): Identity => ({
  name: `Zenobia${letters(6)}`,
  surname: `Przybysz${letters(6)}`,
  phone: `6${digits(8)}`,
  street: `Wrzosowa${letters(6)}`,
  city: `Zakrzewo${letters(6)}`,
  pesel: `44${digits(9)}`,
});

/** Fills every table a member's (or, with `dealer`, a dealer's) data can be in; returns the paid order's id. */
export async function fillAccount(
  db: Tx,
  ring: PiiKeyring,
  user: { id: number; email: string },
  who: Identity,
  opts: { dealer?: boolean; notifyDealerEmail?: string } = {},
): Promise<{ orderId: number; invoiceNumber: string; buyer: string; photoId: number }> {
  const full = `${who.name} ${who.surname}`;
  const address = `${who.street} 7/3, 00-950 ${who.city}`;
  await db
    .update(users)
    .set({
      name: who.name,
      surname: who.surname,
      phone: who.phone,
      street: who.street,
      buildingNumber: '7',
      city: who.city,
      postCode: '00-950',
    })
    .where(eq(users.id, user.id));
  const [product] = await db.select({ id: products.id }).from(products).orderBy(products.id).limit(1);
  const productId = product!.id;
  if (opts.dealer) {
    await db.insert(bonusSignups).values({
      dealerId: user.id,
      name: who.name,
      surname: who.surname,
      email: user.email,
      phone: who.phone,
      address: `${who.street} 7`,
      postCode: '00-950',
      city: who.city,
      ...sealPesel(ring, user.id, who.pesel),
      taxNumber: '5260250274',
      taxationForm: 'PIT-11',
      taxOffice: `US ${who.city}`,
      correspondenceAddress: address,
      term1: true,
      term2: true,
      term3: true,
      term4: true,
    });
  } else {
    await db
      .update(customers)
      .set({
        vinNumber: `WVW${digits(14)}`,
        invoiceCompanyName: `${full} Consulting`,
        invoiceStreet: who.street,
        invoiceBuildingNumber: '7',
        invoicePostCode: '00-950',
        invoiceCity: who.city,
        taxNumber: '5260250274',
        term4Email: true,
        term4Phone: true,
      })
      .where(eq(customers.userId, user.id));
    await db.update(customers).set({ term4Phone: false }).where(eq(customers.userId, user.id));
    const [interest] = await db.select({ id: interests.id }).from(interests).limit(1);
    if (interest)
      await db
        .insert(customerInterests)
        .values({ userId: user.id, interestId: interest.id })
        .onConflictDoNothing();
  }
  await db.insert(cartItems).values({
    userId: user.id,
    productId,
    persons: [{ name: who.name, surname: who.surname }],
    cartLabelAnswer: `${who.street} ${who.phone}`,
  });
  await db.insert(productNotifications).values({ productId, userId: user.id }).onConflictDoNothing();
  await db
    .insert(seatOffers)
    .values({ productId, userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  await db
    .update(products)
    .set({ seatsHeld: sql`${products.seatsHeld} + 1` })
    .where(eq(products.id, productId));

  const buyer = { name: who.name, surname: who.surname, email: user.email, phone: who.phone };
  const invoiceData = {
    invoice_company_name: `${full} Consulting`,
    invoice_street: who.street,
    invoice_city: who.city,
    tax_number: '5260250274',
  };
  const [paid] = await db
    .insert(orders)
    .values({
      userId: user.id,
      status: 'PAID',
      totalGrosze: 120000,
      isInvoice: true,
      invoiceData,
      buyer,
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  const [cancelled] = await db
    .insert(orders)
    .values({ userId: user.id, status: 'CANCELLED', totalGrosze: 60000, isInvoice: true, invoiceData, buyer })
    .returning({ id: orders.id });
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: paid!.id,
      productId,
      productName: 'Dzień na torze',
      quantity: 2,
      priceGrosze: 60000,
      persons: [{ name: who.name, surname: `${who.surname}-Guest` }],
      cartLabelAnswer: who.phone,
    })
    .returning({ id: orderItems.id });
  await db.insert(orderItems).values({
    orderId: cancelled!.id,
    productId,
    productName: 'Dzień na torze',
    quantity: 1,
    priceGrosze: 60000,
    persons: [{ name: who.name, surname: who.surname }],
  });
  const invoiceNumber = `FV/T/${digits(8)}`;
  const [invoice] = await db
    .insert(invoices)
    .values({
      orderId: paid!.id,
      kind: 'INVOICE',
      number: invoiceNumber,
      series: 'FV',
      period: `T${digits(8)}`,
      sequence: 1,
      issueDate: '2026-11-02',
      saleDate: '2026-11-02',
      grossGrosze: 120000,
      buyerName: `${full} Consulting`,
      buyerTaxNumber: '5260250274',
      data: {
        // A whole issued invoice (invoices/document.ts): the console renders its PDF after the
        // removal, and the accountant's export and the dashboard read its amounts from every
        // invoice of the shared browser-test database.
        kind: 'INVOICE',
        number: invoiceNumber,
        issueDate: '2026-11-02',
        saleDate: '2026-11-02',
        place: 'Warszawa',
        orderId: paid!.id,
        seller: {
          name: 'Excellence Club Sp. z o.o.',
          address: ['ul. Klubowa 1', '00-001 Warszawa'],
          nip: '5250001009',
        },
        buyer: {
          name: `${full} Consulting`,
          address: [`${who.street} 7/3`, `00-950 ${who.city}`],
          nip: '5260250274',
        },
        payment: { method: 'przelew bankowy', paid: true, paidAt: '2026-11-02' },
        lines: [
          {
            name: 'Dzień na torze',
            quantity: 2,
            unit: 'szt.',
            unitNet: 55556,
            vatRate: 8,
            net: 111111,
            vat: 8889,
            gross: 120000,
          },
        ],
        totals: [{ vatRate: 8, net: 111111, vat: 8889, gross: 120000 }],
        total: { net: 111111, vat: 8889, gross: 120000 },
      },
    })
    .returning({ id: invoices.id });
  await db.insert(ksefSubmissions).values({
    invoiceId: invoice!.id,
    xml: `<Nazwa>${full} Consulting</Nazwa><AdresL1>${address}</AdresL1>`,
  });

  const ticketRows = await db
    .insert(tickets)
    .values(
      [0, 1].map((seat) => ({
        code: randomBytes(24).toString('base64url'),
        orderId: paid!.id,
        orderItemId: item!.id,
        productId,
        seat,
        name: who.name,
        surname: seat === 0 ? who.surname : `${who.surname}-Guest`,
      })),
    )
    .returning({ id: tickets.id });
  const [list] = await db
    .insert(checkInLists)
    .values({ productId, name: `Erasure ${letters(8)}` })
    .returning({ id: checkInLists.id });
  await db.insert(checkIns).values({ ticketId: ticketRows[0]!.id, listId: list!.id, gate: 'A' });
  await db.insert(offlineScans).values({
    listId: list!.id,
    device: letters(12),
    scanId: letters(12),
    ticketId: ticketRows[1]!.id,
    scannedAt: new Date(),
    outcome: 'IN',
  });
  await db.insert(auditLog).values({
    actorEmail: 'gate@club.example',
    action: 'check-in-override',
    entityType: 'ticket',
    entityId: String(ticketRows[0]!.id),
    after: { name: full, list_id: list!.id, gate: 'A', reason: 'no phone' },
    address: '10.1.2.3',
  });

  const [mail] = await db
    .insert(attendeeMails)
    .values({
      key: letters(16),
      productId,
      audience: 'ALL',
      subjectPl: 'Parking',
      subjectEn: 'Parking',
      bodyPl: 'Parking od bramy B.',
      bodyEn: 'Parking from gate B.',
    })
    .returning({ id: attendeeMails.id });
  await db
    .insert(attendeeMailRecipients)
    .values({ mailId: mail!.id, userId: user.id, email: user.email, name: full, language: 'pl' });
  await db.insert(outbox).values([
    {
      to: user.email,
      subject: `Bilety: ${full}`,
      text: `Dzień dobry ${full}, ${address}`,
      html: `<p>${full}</p>`,
      template: 'booking',
    },
    ...(opts.notifyDealerEmail
      ? [
          {
            to: opts.notifyDealerEmail,
            subject: 'Klient zaakceptował zgody',
            text: `${full} (${user.email}) zaakceptował zgody.`,
            template: 'dealer-notice',
          },
        ]
      : []),
  ]);
  await db.insert(userTokens).values({
    userId: user.id,
    purpose: 'RESET_PASSWORD',
    tokenHash: randomBytes(32).toString('hex'),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db
    .insert(rateLimits)
    .values({ key: `login:account:${user.email}`, count: 1, resetAt: new Date(Date.now() + 60_000) });
  // Expired, not queued: a queued one would be built by the export worker while a test compares rows.
  await db.insert(privacyExports).values({ userId: user.id, language: 'pl', status: 'EXPIRED' });
  // A gallery photo tagged as showing the member, its caption naming them. It shows a picture the
  // gallery already has (the browser tests' galleries look the same), so its file stays on erasure.
  const [shown] = await db
    .select({ galleryId: galleryImages.galleryId, file: galleryImages.file })
    .from(galleryImages)
    .orderBy(galleryImages.id)
    .limit(1);
  const galleryId =
    shown?.galleryId ??
    (
      await db
        .insert(galleries)
        .values({ namePl: `Galeria ${letters(8)}`, nameEn: `Gallery ${letters(8)}`, date: '2026-11-02' })
        .returning({ id: galleries.id })
    )[0]!.id;
  const [photo] = await db
    .insert(galleryImages)
    .values({
      galleryId,
      file: shown?.file ?? `erasure-${letters(12)}.jpg`,
      position: 1000,
      captionPl: `${full} na torze`,
      captionEn: `${full} on the track`,
    })
    .returning({ id: galleryImages.id });
  await db.insert(galleryImagePeople).values({ photoId: photo!.id, userId: user.id });
  return { orderId: paid!.id, invoiceNumber, buyer: `${full} Consulting`, photoId: photo!.id };
}
