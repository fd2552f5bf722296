import {
  CUSTOMER_STATUS,
  CUSTOMER_TYPE,
  type CustomerStatus,
  type CustomerType,
  USER_TYPE,
} from '@club/shared';
import { eq } from 'drizzle-orm';
import { customers, users } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';
import { issueUserToken } from '../../lib/user-tokens';
import { cardValidTo, clubCardNumber, PENDING_EMAIL_DOMAIN } from '../../lib/club-card';
import { DEMO_PASSWORD } from './accounts';
import type { SeedContext } from './index';

type DemoCustomer = {
  dealer: 'dealer' | 'dealer2';
  type: CustomerType;
  status: CustomerStatus;
  honorific: 'MR' | 'MRS' | null;
  name: string;
  surname: string;
  email: string | null;
  phone?: string;
  model: string | null;
  contract?: string;
  order?: string;
  vin?: string;
  issue?: string;
  language?: 'pl' | 'en';
  daysAgo: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const LINK_TTL_MS = 30 * DAY_MS;

/** Dealer customers in every status and of both types (DESIGN.md §7). */
const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.WAITING_TERMS,
    honorific: 'MR',
    name: 'Tomasz',
    surname: 'Zieliński',
    email: 'tomasz.zielinski@example.com',
    phone: '604112233',
    model: 'X7',
    contract: 'UM/2026/0311',
    daysAgo: 1,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.EXISTING,
    status: CUSTOMER_STATUS.WAITING_TERMS,
    honorific: null,
    name: '',
    surname: '',
    email: null,
    model: 'i7',
    order: 'ZAM-77120',
    vin: 'WBA21EH0X0CK01234',
    issue: '2025-06-12',
    daysAgo: 2,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.WAITING_TERMS,
    honorific: 'MRS',
    name: 'Olivia',
    surname: 'Bennett',
    email: 'olivia.bennett@example.com',
    phone: '605998877',
    model: 'M8',
    language: 'en',
    daysAgo: 4,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.WAITING_ORDER_NUMBER,
    honorific: 'MRS',
    name: 'Katarzyna',
    surname: 'Lewandowska',
    email: 'katarzyna.lewandowska@example.com',
    phone: '606223344',
    model: '7 series',
    contract: 'UM/2026/0287',
    daysAgo: 9,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.WAITING_ORDER_NUMBER,
    honorific: 'MR',
    name: 'Marek',
    surname: 'Wójcik',
    email: 'marek.wojcik@example.com',
    phone: '607334455',
    model: 'XM',
    daysAgo: 12,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.WAITING_ORDER_NUMBER,
    honorific: 'MR',
    name: 'Paweł',
    surname: 'Kamiński',
    email: 'pawel.kaminski@example.com',
    model: '8 series',
    contract: 'UM/2026/0264',
    daysAgo: 15,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.WAITING_REGISTRATION,
    honorific: 'MRS',
    name: 'Magdalena',
    surname: 'Szymańska',
    email: 'magdalena.szymanska@example.com',
    phone: '608445566',
    model: 'X7',
    contract: 'UM/2026/0231',
    order: 'ZAM-76544',
    issue: '2026-12-15',
    daysAgo: 21,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.EXISTING,
    status: CUSTOMER_STATUS.WAITING_REGISTRATION,
    honorific: 'MR',
    name: 'Krzysztof',
    surname: 'Dąbrowski',
    email: 'krzysztof.dabrowski@example.com',
    model: 'i7',
    order: 'ZAM-75980',
    vin: 'WBY71AW0X0FP22871',
    issue: '2025-11-03',
    daysAgo: 27,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.WAITING_REGISTRATION,
    honorific: 'MR',
    name: 'Andrzej',
    surname: 'Kozłowski',
    email: 'andrzej.kozlowski@example.com',
    phone: '609556677',
    model: 'M8',
    order: 'ZAM-75712',
    daysAgo: 33,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.REGISTERED,
    honorific: 'MRS',
    name: 'Agnieszka',
    surname: 'Jankowska',
    email: 'agnieszka.jankowska@example.com',
    phone: '501667788',
    model: '7 series',
    contract: 'UM/2026/0102',
    order: 'ZAM-74410',
    vin: 'WBA7U2C0X0CH45120',
    issue: '2026-03-20',
    daysAgo: 48,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.EXISTING,
    status: CUSTOMER_STATUS.REGISTERED,
    honorific: 'MR',
    name: 'Michał',
    surname: 'Mazur',
    email: 'michal.mazur@example.com',
    phone: '502778899',
    model: 'X7',
    order: 'ZAM-73002',
    vin: 'WBACW8C0X09F31002',
    issue: '2025-09-30',
    daysAgo: 75,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.REGISTERED,
    honorific: 'MR',
    name: 'James',
    surname: 'Whitfield',
    email: 'james.whitfield@example.com',
    phone: '503889900',
    model: 'XM',
    order: 'ZAM-72455',
    issue: '2026-01-14',
    language: 'en',
    daysAgo: 96,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.EXISTING,
    status: CUSTOMER_STATUS.REGISTERED,
    honorific: 'MRS',
    name: 'Ewa',
    surname: 'Krawczyk',
    email: 'ewa.krawczyk@example.com',
    model: '8 series',
    order: 'ZAM-70118',
    vin: 'WBAGV8C0X0CD70118',
    issue: '2025-04-11',
    daysAgo: 140,
  },
  {
    dealer: 'dealer',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.REGISTERED,
    honorific: 'MR',
    name: 'Robert',
    surname: 'Piotrowski',
    email: 'robert.piotrowski@example.com',
    phone: '504990011',
    model: 'i7',
    contract: 'UM/2025/0988',
    order: 'ZAM-69870',
    issue: '2025-12-02',
    daysAgo: 180,
  },
  {
    dealer: 'dealer2',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.WAITING_TERMS,
    honorific: 'MR',
    name: 'Grzegorz',
    surname: 'Pawlak',
    email: 'grzegorz.pawlak@example.com',
    model: 'X7',
    daysAgo: 3,
  },
  {
    dealer: 'dealer2',
    type: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.WAITING_ORDER_NUMBER,
    honorific: 'MRS',
    name: 'Joanna',
    surname: 'Michalska',
    email: 'joanna.michalska@example.com',
    phone: '512334455',
    model: 'i7',
    daysAgo: 10,
  },
  {
    dealer: 'dealer2',
    type: CUSTOMER_TYPE.EXISTING,
    status: CUSTOMER_STATUS.REGISTERED,
    honorific: 'MR',
    name: 'Łukasz',
    surname: 'Nowicki',
    email: 'lukasz.nowicki@example.com',
    model: 'M8',
    order: 'ZAM-71200',
    vin: 'WBSGV0C0X0CF71200',
    issue: '2025-08-08',
    daysAgo: 120,
  },
];

const TERMS_ACCEPTED = {
  term1: true,
  term2: true,
  term2a: true,
  term3: true,
  term4Email: true,
  term4Phone: true,
};

export async function seedDealerCustomers({ db, accounts }: SeedContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  for (const c of DEMO_CUSTOMERS) {
    const createdAt = new Date(now - c.daysAgo * DAY_MS);
    const registered = c.status === CUSTOMER_STATUS.REGISTERED;
    const [user] = await db
      .insert(users)
      .values({
        email: c.email ?? `existing-${randomToken(12).toLowerCase()}@${PENDING_EMAIL_DOMAIN}`,
        type: USER_TYPE.CUSTOMER,
        languageCode: c.language ?? 'pl',
        honorific: c.honorific,
        name: c.name,
        surname: c.surname,
        phone: c.phone ?? null,
        phonePrefix: c.phone ? '48' : null,
        passwordHash: registered ? passwordHash : null,
        calendarToken: registered ? randomToken(24) : null,
        cardValidTo: registered ? cardValidTo(c.issue ?? null, createdAt) : null,
        createdAt,
      })
      .returning({ id: users.id });
    const userId = user!.id;
    if (registered) {
      await db
        .update(users)
        .set({ cardNumber: clubCardNumber(userId, createdAt) })
        .where(eq(users.id, userId));
    }
    await db.insert(customers).values({
      userId,
      dealerId: accounts[c.dealer],
      registrationType: c.type,
      status: c.status,
      model: c.model,
      contractNumber: c.contract ?? null,
      orderNumber: c.order ?? null,
      vinNumber: c.vin ?? null,
      vehicleIssue: c.issue ?? null,
      createdAt,
      ...(c.status === CUSTOMER_STATUS.WAITING_TERMS ? {} : TERMS_ACCEPTED),
    });
    if (c.status === CUSTOMER_STATUS.WAITING_TERMS)
      await issueUserToken(db, userId, 'AGREEMENTS', LINK_TTL_MS, { shareable: true });
    if (c.status === CUSTOMER_STATUS.WAITING_REGISTRATION)
      await issueUserToken(db, userId, 'ACTIVATE', LINK_TTL_MS, { shareable: true });
  }
}
