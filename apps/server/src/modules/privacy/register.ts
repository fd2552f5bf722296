/**
 * The register of processing (RODO art. 30; issue 31, docs/privacy.md "Register of processing"):
 * every column of the schema that can hold personal data, with what it is for, on which legal basis,
 * how long it is kept, who can see it and what removing the account does to it; and every other
 * column with the reason it holds none. `register.test.ts` walks the migrated database's own schema
 * (information_schema) and fails on a column that is in neither list; `npm run privacy:register`
 * writes the table of docs/privacy.md from here, and the same test fails when the page is stale.
 */

/** What removing a member's account does to a column (modules/privacy/erasure.ts). */
export type Removal =
  /** The value is deleted (its row goes, or the column is emptied). */
  | { kind: 'erase'; how: string }
  /** The row stays (the club needs it for something that names nobody) without what identified the person. */
  | { kind: 'anonymise'; how: string }
  /** The law makes the club keep it: `law` says which law and for how long. */
  | { kind: 'keep'; how: string; law: string }
  /** Not the removed member's data (staff's, or not linked to an account): `how` says what happens instead. */
  | { kind: 'not-member'; how: string };

export type PersonalColumns = {
  table: string;
  columns: readonly string[];
  data: string;
  purpose: string;
  basis: string;
  retention: string;
  seenBy: string;
  removal: Removal;
  /**
   * In the member's own export (art. 15 and 20; modules/privacy/export): every column (true), none,
   * only these, or all but these (the rest are secrets or technical; the export's module says why).
   */
  exported: boolean | readonly string[] | { except: readonly string[] };
};

export type NonPersonalColumns = { table: string; columns: readonly string[]; reason: string };

const CONTRACT = 'art. 6(1)(b) RODO (the membership contract)';
const ACCOUNT_LIFE = 'while the account exists';
const MEMBER_AND_STAFF = 'the member; staff (operators and administrators) in the console';
const CASCADE = 'deleted with the account (ON DELETE CASCADE)';
const INVOICE_LAW =
  'art. 112 of the VAT act with art. 86 § 1 and 70 § 1 of the tax ordinance: five years from the end of the tax year of the invoice';

export const PERSONAL_COLUMNS: readonly PersonalColumns[] = [
  {
    table: 'users',
    columns: [
      'email',
      'honorific',
      'name',
      'surname',
      'phone',
      'phone_prefix',
      'street',
      'building_number',
      'flat_number',
      'post_code',
      'city',
      'card_number',
      'card_valid_to',
      'language_code',
      'type',
      'has_bonus',
      'created_at',
      'updated_at',
    ],
    data: 'the account: identity, contact, address, club card, language',
    purpose: 'membership: signing in, bookings, the club card, mail in the member’s language',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: `${MEMBER_AND_STAFF}; the dealer who registered the member (name, e-mail, phone)`,
    removal: { kind: 'erase', how: 'the row is deleted; the e-mail is free to register again' },
    exported: true,
  },
  {
    table: 'users',
    columns: [
      'password_hash',
      'calendar_token',
      'totp_secret',
      'totp_enabled_at',
      'totp_last_step',
      'deactivated_at',
    ],
    data: 'credentials: the password’s hash, the calendar feed’s secret, staff’s second factor',
    purpose: 'signing in; the private calendar feed',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: 'nobody (secrets; staff see only whether the second factor is on)',
    removal: { kind: 'erase', how: 'the row is deleted' },
    exported: false,
  },
  {
    table: 'sessions',
    columns: ['user_id', 'csrf_token', 'created_at', 'refreshed_at', 'expires_at', 'password_verified_at'],
    data: 'the signed-in devices (the cookie only as its hash, in `id`)',
    purpose: 'keeping the member signed in',
    basis: CONTRACT,
    retention: 'until it expires; the retention job deletes expired sessions',
    seenBy: 'nobody',
    removal: { kind: 'erase', how: `${CASCADE}: every device is signed out` },
    exported: ['created_at', 'refreshed_at', 'expires_at'],
  },
  {
    table: 'user_tokens',
    columns: ['user_id', 'purpose', 'shareable', 'expires_at', 'used_at', 'created_at'],
    data: 'single-use links: password reset, activation, the agreements link a dealer copies',
    purpose: 'the links the member or the dealer is sent',
    basis: CONTRACT,
    retention: 'until used or expired; the retention job deletes expired and used ones',
    seenBy: 'the dealer who registered the member (the shareable link, until used)',
    removal: { kind: 'erase', how: CASCADE },
    exported: { except: ['user_id', 'shareable'] },
  },
  {
    table: 'recovery_codes',
    columns: ['user_id', 'used_at', 'created_at'],
    data: 'a staff member’s recovery codes (hashed)',
    purpose: 'staff’s second factor',
    basis: 'art. 6(1)(c) and 32 RODO (security of processing)',
    retention: 'while the staff account exists',
    seenBy: 'nobody',
    removal: { kind: 'not-member', how: 'staff data: deleted with the staff account (cascade)' },
    exported: false,
  },
  {
    table: 'customers',
    columns: [
      'user_id',
      'dealer_id',
      'registration_type',
      'status',
      'model',
      'vin_number',
      'order_number',
      'vehicle_issue',
      'contract_number',
      'province_id',
      'created_at',
    ],
    data: 'the member’s car (model, VIN, order and contract numbers) and registration by a dealer',
    purpose: 'membership of car owners (SPEC.md: a member joins with a car); the dealer’s customer list',
    basis: CONTRACT,
    retention: `${ACCOUNT_LIFE}; a dealer-registered customer who never accepted the agreements: DEALER_CUSTOMER_UNACCEPTED_DAYS after registration (retention job)`,
    seenBy: `${MEMBER_AND_STAFF}; the dealer who registered the member`,
    removal: { kind: 'erase', how: CASCADE },
    exported: true,
  },
  {
    table: 'customers',
    columns: [
      'term_1',
      'term_2',
      'term_2a',
      'term_3',
      'term_4_car',
      'term_4_email',
      'term_4_group',
      'term_4_phone',
      'term_4_post',
      'consents_given_at',
    ],
    data: 'the member’s consents now, and when each was given',
    purpose: 'the rules, processing, matching offers to interests, marketing channels',
    basis: 'art. 6(1)(a) and 7 RODO (consent); the rules: art. 6(1)(b)',
    retention: ACCOUNT_LIFE,
    seenBy: `${MEMBER_AND_STAFF}; the dealer who registered the member (read-only)`,
    removal: { kind: 'erase', how: `${CASCADE}; the history is kept as proof (consent_proofs)` },
    exported: true,
  },
  {
    table: 'customers',
    columns: [
      'invoice_company_name',
      'invoice_street',
      'invoice_building_number',
      'invoice_locale_number',
      'invoice_post_code',
      'invoice_city',
      'tax_number',
      'tax_number_prefix',
    ],
    data: 'the member’s invoice data (company, address, NIP)',
    purpose: 'invoices the member asks for',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: MEMBER_AND_STAFF,
    removal: { kind: 'erase', how: `${CASCADE}; an issued invoice keeps its own copy (invoices)` },
    exported: true,
  },
  {
    table: 'customer_interests',
    columns: ['user_id', 'interest_id'],
    data: 'the member’s interests',
    purpose: 'matching experiences to interests (with consent term_4_car / term_3)',
    basis: 'art. 6(1)(a) RODO',
    retention: ACCOUNT_LIFE,
    seenBy: MEMBER_AND_STAFF,
    removal: { kind: 'erase', how: CASCADE },
    exported: true,
  },
  {
    table: 'consent_events',
    columns: [
      'user_id',
      'consent',
      'given',
      'actor',
      'actor_user_id',
      'source',
      'wording_version',
      'backfill',
      'created_at',
    ],
    data: 'every change of a consent: who, where, when, the wording’s version',
    purpose: 'proof of consent and of its withdrawal (art. 7(1) RODO)',
    basis: 'art. 6(1)(c) with art. 7(1) RODO',
    retention: `${ACCOUNT_LIFE}; then as consent_proofs`,
    seenBy: MEMBER_AND_STAFF,
    removal: {
      kind: 'erase',
      how: `${CASCADE}, after the removal copied it to consent_proofs without the account`,
    },
    exported: { except: ['actor_user_id'] },
  },
  {
    table: 'consent_proofs',
    columns: [
      'subject',
      'subject_key_id',
      'consent',
      'given',
      'actor',
      'source',
      'wording_version',
      'backfill',
      'at',
      'removed_at',
    ],
    data: 'a removed member’s consent history under an HMAC of the e-mail (no name, no account)',
    purpose:
      'answering a claim or the supervisory authority about consents a removed member gave (art. 7(1), 17(3)(e) RODO)',
    basis: 'art. 6(1)(c) with art. 7(1) RODO; art. 6(1)(f) (defence of claims)',
    retention:
      'CONSENT_PROOF_YEARS after the removal (default 3: art. 442¹ § 1 of the civil code, claims for damage), then deleted by the retention job',
    seenBy: 'administrators, by database query when a claim names the e-mail',
    removal: {
      kind: 'keep',
      how: 'written by the removal: readable only with the e-mail and the PII key',
      law: 'art. 7(1) and 17(3)(e) RODO: proof of consent for the claims period',
    },
    exported: false,
  },
  {
    table: 'cart_items',
    columns: [
      'user_id',
      'cart_label_answer',
      'persons',
      'terms',
      'quantity',
      'product_id',
      'price_seen_grosze',
      'created_at',
    ],
    data: 'the cart: experiences, accompanying persons’ names, answers',
    purpose: 'booking',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: 'the member',
    removal: { kind: 'erase', how: CASCADE },
    exported: true,
  },
  {
    table: 'product_notifications',
    columns: ['user_id', 'product_id', 'created_at', 'notified_at'],
    data: 'notify-me wishes for full experiences',
    purpose: 'one mail when a seat frees up',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: MEMBER_AND_STAFF,
    removal: { kind: 'erase', how: CASCADE },
    exported: true,
  },
  {
    table: 'seat_offers',
    columns: ['user_id', 'product_id', 'status', 'offered_at', 'expires_at', 'closed_at', 'taken_order_id'],
    data: 'seats held for the member from the waiting list',
    purpose: 'the waiting list',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: MEMBER_AND_STAFF,
    removal: { kind: 'erase', how: `${CASCADE}; an open offer’s seat goes back to the experience` },
    exported: true,
  },
  {
    table: 'member_product_seats',
    columns: ['user_id', 'product_id', 'quantity'],
    data: 'seats the member holds per experience (a counter)',
    purpose: 'the per-member limit',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: 'nobody (a counter)',
    removal: { kind: 'erase', how: CASCADE },
    exported: false,
  },
  {
    table: 'orders',
    columns: ['user_id', 'buyer'],
    data: 'who ordered: the account, the buyer’s name, e-mail and phone at the time',
    purpose: 'the booking and its payment',
    basis: CONTRACT,
    retention: `${ACCOUNT_LIFE}; an invoiced order’s buyer as its invoice`,
    seenBy: MEMBER_AND_STAFF,
    removal: {
      kind: 'anonymise',
      how: 'the order stays for the accounts: user_id null, buyer `{ anonymised: true, removed_at }`',
    },
    exported: true,
  },
  {
    table: 'orders',
    columns: ['invoice_data'],
    data: 'the invoice data asked for with the order',
    purpose: 'issuing the invoice',
    basis: 'art. 6(1)(c) RODO with art. 106b and 106e of the VAT act',
    retention: `for an invoiced paid order: ${INVOICE_LAW}; else while the account exists`,
    seenBy: MEMBER_AND_STAFF,
    removal: {
      kind: 'keep',
      how: 'kept only on a paid order that was invoiced, emptied on every other; the retention job empties it (and the buyer) when the period ends',
      law: INVOICE_LAW,
    },
    exported: true,
  },
  {
    table: 'order_items',
    columns: ['persons', 'cart_label_answer'],
    data: 'accompanying persons’ names, the answer to the experience’s question',
    purpose: 'the booking (attendees)',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: `${MEMBER_AND_STAFF} (attendee lists)`,
    removal: { kind: 'anonymise', how: 'persons `[]`, the answer emptied; the line stays for the accounts' },
    exported: true,
  },
  {
    table: 'tickets',
    columns: [
      'name',
      'surname',
      'code',
      'seat',
      'status',
      'void_reason',
      'voided_at',
      'created_at',
      'order_id',
      'order_item_id',
      'product_id',
    ],
    data: 'one ticket per attendee: the attendee’s name',
    purpose: 'admission at the gate',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: `${MEMBER_AND_STAFF} (the gate)`,
    removal: {
      kind: 'erase',
      how: 'the tickets of the member’s orders are deleted, their check-ins and offline scans with them',
    },
    exported: { except: ['code'] },
  },
  {
    table: 'check_ins',
    columns: ['ticket_id', 'list_id', 'at', 'checked_out_at', 'is_override'],
    data: 'when a ticket was let in (the attendee’s presence)',
    purpose: 'admission at the gate',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: 'staff (the gate)',
    removal: { kind: 'erase', how: 'deleted with the ticket (cascade)' },
    exported: { except: ['list_id'] },
  },
  {
    table: 'check_ins',
    columns: ['by_user_id', 'gate'],
    data: 'which staff member let the ticket in, at which gate',
    purpose: 'accountability at the gate',
    basis: 'art. 6(1)(f) RODO',
    retention: 'with the check-in',
    seenBy: 'staff',
    removal: { kind: 'not-member', how: 'staff data: deleted with the check-in' },
    exported: false,
  },
  {
    table: 'offline_scans',
    columns: [
      'ticket_id',
      'scanned_at',
      'kind',
      'reason',
      'outcome',
      'device',
      'scan_id',
      'received_at',
      'list_id',
    ],
    data: 'an offline gate’s admission, override (with the staff member’s reason) or check-out of a ticket',
    purpose: 'admission at the gate, conflicts between gates',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: 'staff (the gate)',
    removal: { kind: 'erase', how: 'deleted with the ticket (cascade)' },
    exported: false,
  },
  {
    table: 'offline_scans',
    columns: ['by_user_id', 'gate', 'winner', 'reviewed_at', 'reviewed_by_user_id'],
    data: 'which staff member admitted or reviewed (winner: the staff member’s name)',
    purpose: 'accountability at the gate',
    basis: 'art. 6(1)(f) RODO',
    retention: 'with the scan',
    seenBy: 'staff',
    removal: { kind: 'not-member', how: 'staff data: deleted with the scan' },
    exported: false,
  },
  {
    table: 'invoices',
    columns: ['buyer_name', 'buyer_tax_number', 'data'],
    data: 'the invoice as issued: the buyer’s name, address and NIP',
    purpose: 'the VAT invoice, a legal record',
    basis: 'art. 6(1)(c) RODO with the VAT act',
    retention: INVOICE_LAW,
    seenBy: `${MEMBER_AND_STAFF} (the PDF)`,
    removal: {
      kind: 'keep',
      how: 'kept as issued: only the data the invoice needs (no e-mail, no phone)',
      law: INVOICE_LAW,
    },
    exported: ['buyer_name', 'buyer_tax_number'],
  },
  {
    table: 'invoices',
    columns: ['issued_by'],
    data: 'the staff member who issued it',
    purpose: 'accountability',
    basis: 'art. 6(1)(f) RODO',
    retention: 'with the invoice',
    seenBy: 'staff',
    removal: { kind: 'not-member', how: 'staff data: set null when the staff account goes' },
    exported: false,
  },
  {
    table: 'ksef_submissions',
    columns: ['xml', 'upo', 'error_reason'],
    data: 'the invoice as sent to KSeF (the buyer’s data as on the invoice) and KSeF’s receipt',
    purpose: 'the national e-invoicing system (issue 30)',
    basis: 'art. 6(1)(c) RODO with art. 106na of the VAT act',
    retention: INVOICE_LAW,
    seenBy: 'staff',
    removal: { kind: 'keep', how: 'kept with its invoice', law: INVOICE_LAW },
    exported: false,
  },
  {
    table: 'bonus_signups',
    columns: [
      'dealer_id',
      'name',
      'surname',
      'email',
      'phone',
      'address',
      'post_code',
      'city',
      'pesel',
      'pesel_key_id',
      'tax_number',
      'taxation_form',
      'tax_office',
      'correspondence_address',
      'term_1',
      'term_2',
      'term_3',
      'term_4',
      'created_at',
    ],
    data: 'a dealer’s bonus programme data: identity, address, PESEL (sealed), tax office',
    purpose: 'the bonus programme’s tax reporting (PIT-11 prepared by the club’s accounting)',
    basis: 'art. 6(1)(c) RODO with the PIT act',
    retention: 'while the dealer’s account exists',
    seenBy: 'the dealer (when entering it); staff masked; administrators whole, audited',
    removal: {
      kind: 'erase',
      how: 'deleted with the dealer’s account: the tax record is the PIT-11 the accounting keeps, not this form',
    },
    // The whole PESEL: it is the dealer's own (the key's id is technical).
    exported: { except: ['pesel_key_id'] },
  },
  {
    table: 'outbox',
    columns: ['to', 'subject', 'text', 'html', 'attachments', 'secrets', 'error'],
    data: 'mails to the member (address, content, attachments such as tickets)',
    purpose: 'delivering the club’s mail; resending a failed one',
    basis: CONTRACT,
    retention:
      'bodies emptied OUTBOX_BODY_DAYS after sending (retention job); the address and subject stay as the delivery record',
    seenBy: 'staff (the console’s mail screen)',
    removal: {
      kind: 'erase',
      how: 'mails to the member’s address are deleted, and bodies naming the member are emptied',
    },
    exported: ['subject'],
  },
  {
    table: 'attendee_mail_recipients',
    columns: ['user_id', 'email', 'name', 'language', 'outbox_id', 'created_at'],
    data: 'who received a staff member’s mail to attendees',
    purpose: 'mailing each attendee once',
    basis: CONTRACT,
    retention: ACCOUNT_LIFE,
    seenBy: 'staff',
    removal: { kind: 'erase', how: 'the member’s rows are deleted' },
    exported: false,
  },
  {
    table: 'privacy_exports',
    columns: [
      'user_id',
      'language',
      'status',
      'attempts',
      'started_at',
      'ready_at',
      'expires_at',
      'error',
      'created_at',
    ],
    data: 'the member’s requests for a copy of their data',
    purpose: 'art. 15 and 20 RODO',
    basis: 'art. 6(1)(c) RODO',
    retention: ACCOUNT_LIFE,
    seenBy: 'the member',
    removal: { kind: 'erase', how: CASCADE },
    exported: { except: ['user_id', 'language', 'attempts', 'started_at', 'error'] },
  },
  {
    table: 'privacy_export_files',
    columns: [
      'export_id',
      'content',
      'key_id',
      'bytes',
      'downloaded_at',
      'link_hash',
      'link_session_id',
      'link_expires_at',
      'format',
    ],
    data: 'the export’s files (sealed) and their single-use link’s hash',
    purpose: 'art. 15 and 20 RODO',
    basis: 'art. 6(1)(c) RODO',
    retention: 'emptied once downloaded or after PRIVACY_EXPORT_HOURS',
    seenBy: 'the member',
    removal: { kind: 'erase', how: CASCADE },
    exported: false,
  },
  {
    table: 'audit_log',
    columns: ['actor_id', 'actor_email', 'address'],
    data: 'who did what in the console, from which IP address',
    purpose: 'accountability (art. 5(2) and 32 RODO)',
    basis: 'art. 6(1)(c) and (f) RODO',
    retention: 'the row: for good; the IP address: AUDIT_ADDRESS_MONTHS (retention job)',
    seenBy: 'administrators',
    removal: {
      kind: 'anonymise',
      how: 'a removed member’s own rows lose the e-mail and address (staff rows are staff data)',
    },
    exported: false,
  },
  {
    table: 'audit_log',
    columns: ['entity_id', 'before', 'after'],
    data: 'what was changed: a ticket override records the attendee’s name',
    purpose: 'accountability',
    basis: 'art. 6(1)(f) RODO',
    retention: 'for good, without the member’s data after the removal',
    seenBy: 'administrators',
    removal: {
      kind: 'anonymise',
      how: 'the attendee’s name is taken out of the rows about the member’s tickets',
    },
    exported: false,
  },
  {
    table: 'rate_limits',
    columns: ['key'],
    data: 'a counter per e-mail address or IP address (`login:account:<e-mail>`)',
    purpose: 'limiting password guessing',
    basis: 'art. 6(1)(f) and 32 RODO',
    retention: 'until its window ends (minutes); the retention job deletes ended windows',
    seenBy: 'nobody',
    removal: { kind: 'erase', how: 'the counters keyed by the member’s e-mail are deleted' },
    exported: false,
  },
  {
    table: 'gallery_images',
    columns: ['file', 'caption_pl', 'caption_en'],
    data: 'photos of experiences, which may show members',
    purpose: 'the club’s galleries',
    basis: 'art. 6(1)(f) RODO and art. 81 of the copyright act (a person in a crowd at a public event)',
    retention:
      'while the gallery is published; a photo tagged with a member: until that member’s account is removed',
    seenBy: 'members',
    removal: {
      kind: 'erase',
      how: 'a photo tagged as showing the member is deleted, even when it shows others too (art. 17 RODO), and its files leave storage when nothing else shows them; an untagged photo is linked to no account: on a request staff tag or remove it in the console’s gallery',
    },
    exported: true,
  },
  {
    table: 'gallery_image_people',
    columns: ['photo_id', 'user_id', 'tagged_at'],
    data: 'that a gallery photo shows the member',
    purpose:
      'finding the photos that show a member, to erase them with the account (art. 17 RODO) and to list them in the export',
    basis: 'art. 6(1)(c) RODO with art. 17 and 15 RODO',
    retention: 'while the photo and the account exist',
    seenBy: 'staff (operators and administrators) in the console; the member in the export',
    removal: { kind: 'erase', how: 'deleted with the photo, which the removal deletes (cascade)' },
    exported: true,
  },
  {
    table: 'gallery_image_people',
    columns: ['tagged_by'],
    data: 'the staff member who tagged the photo',
    purpose: 'accountability',
    basis: 'art. 6(1)(f) RODO',
    retention: 'with the tag; set null when the staff account goes',
    seenBy: 'nobody (the audit log names the staff member)',
    removal: { kind: 'not-member', how: 'staff data: deleted with the tag' },
    exported: false,
  },
];

/** Columns that hold no personal data, with why. */
export const NON_PERSONAL_COLUMNS: readonly NonPersonalColumns[] = [
  { table: 'users', columns: ['id'], reason: 'a surrogate key; the row goes with the account' },
  {
    table: 'sessions',
    columns: ['id'],
    reason: 'SHA-256 of a random cookie value, no data about the person',
  },
  { table: 'user_tokens', columns: ['id', 'token_hash'], reason: 'a key and the hash of a random token' },
  { table: 'recovery_codes', columns: ['id', 'code_hash'], reason: 'a key and the hash of a random code' },
  { table: 'rate_limits', columns: ['count', 'reset_at'], reason: 'a counter and its window' },
  {
    table: 'outbox',
    columns: ['id', 'template', 'language', 'status', 'attempts', 'last_attempt_at', 'created_at', 'sent_at'],
    reason: 'delivery state; says nothing about the person once the address and body go',
  },
  {
    table: 'audit_log',
    columns: ['id', 'at', 'action', 'entity_type'],
    reason: 'what kind of change and when',
  },
  { table: 'languages', columns: ['id', 'code'], reason: 'reference data' },
  {
    table: 'interests',
    columns: ['id', 'name_pl', 'name_en', 'position'],
    reason: 'the catalogue of interests',
  },
  {
    table: 'dealer_customer_counts',
    columns: ['dealer_id', 'status', 'total'],
    reason: 'a count per dealer and status, no customer in it',
  },
  {
    table: 'categories',
    columns: [
      'id',
      'name_pl',
      'name_en',
      'description_pl',
      'description_en',
      'image',
      'banner',
      'banner_mobile',
      'position',
    ],
    reason: 'the catalogue',
  },
  {
    table: 'galleries',
    columns: ['id', 'product_id', 'category_id', 'name_pl', 'name_en', 'date', 'image', 'version'],
    reason: 'the gallery itself (its photos are in gallery_images)',
  },
  {
    table: 'gallery_images',
    columns: ['id', 'gallery_id', 'position'],
    reason: 'place of a photo in its gallery',
  },
  {
    table: 'partners',
    columns: ['id', 'name', 'image', 'url', 'position', 'version'],
    reason: 'partner companies',
  },
  {
    table: 'product_files',
    columns: ['id', 'product_id', 'name_pl', 'name_en', 'file'],
    reason: 'documents of an experience',
  },
  {
    table: 'product_images',
    columns: ['id', 'product_id', 'file', 'position', 'caption_pl', 'caption_en'],
    reason: 'an experience’s promotional photos',
  },
  { table: 'product_interests', columns: ['product_id', 'interest_id'], reason: 'the catalogue' },
  { table: 'product_partners', columns: ['product_id', 'partner_id'], reason: 'the catalogue' },
  {
    table: 'product_terms',
    columns: ['id', 'product_id', 'name_pl', 'name_en', 'file'],
    reason: 'an experience’s terms',
  },
  {
    table: 'products',
    columns: [
      'id',
      'category_id',
      'type',
      'alias',
      'name_pl',
      'name_en',
      'description_pl',
      'description_en',
      'ann_description_pl',
      'ann_description_en',
      'place_pl',
      'place_en',
      'bring_pl',
      'bring_en',
      'reminder_days',
      'start_date',
      'start_time',
      'end_date',
      'end_time',
      'price_grosze',
      'vat_rate',
      'margin_scheme',
      'member_limit',
      'total_seats',
      'seats_taken',
      'seats_held',
      'status_limit',
      'published',
      'image',
      'image_mobile',
      'video_id',
      'cart_label_pl',
      'cart_label_en',
      'version',
      'archived_at',
      'created_at',
      'updated_at',
    ],
    reason: 'the catalogue',
  },
  {
    table: 'products',
    columns: ['contact_email', 'contact_phone'],
    reason: 'the organiser’s business contact published with the experience, not a member’s data',
  },
  { table: 'seat_offers', columns: ['id'], reason: 'a surrogate key' },
  {
    table: 'contact',
    columns: [
      'id',
      'title_pl',
      'title_en',
      'description_pl',
      'description_en',
      'email',
      'phone',
      'days_pl',
      'days_en',
      'version',
    ],
    reason: 'the club’s own contact page (its office’s address and phone)',
  },
  {
    table: 'faq_categories',
    columns: ['id', 'name_pl', 'name_en', 'position', 'version'],
    reason: 'content',
  },
  {
    table: 'faq_questions',
    columns: [
      'id',
      'category_id',
      'question_pl',
      'question_en',
      'answer_pl',
      'answer_en',
      'position',
      'version',
    ],
    reason: 'content',
  },
  {
    table: 'pages',
    columns: [
      'id',
      'type',
      'title_pl',
      'title_en',
      'subtitle_pl',
      'subtitle_en',
      'sections_html_pl',
      'sections_html_en',
      'version',
    ],
    reason: 'content',
  },
  { table: 'cart_items', columns: ['id', 'is_filled'], reason: 'a key and a form flag' },
  {
    table: 'discount_codes',
    columns: [
      'id',
      'code',
      'kind',
      'amount_grosze',
      'percent',
      'product_ids',
      'member_types',
      'is_active',
      'valid_from',
      'valid_to',
      'max_uses',
      'used_count',
      'per_member_limit',
      'created_at',
    ],
    reason: 'the club’s discount codes',
  },
  {
    table: 'installation_secrets',
    columns: ['name', 'value', 'created_at'],
    reason: 'the installation’s own keys',
  },
  { table: 'invoice_counters', columns: ['series', 'period', 'last_number'], reason: 'invoice numbering' },
  {
    table: 'invoices',
    columns: [
      'id',
      'order_id',
      'kind',
      'number',
      'series',
      'period',
      'sequence',
      'corrects_id',
      'issue_date',
      'sale_date',
      'gross_grosze',
      'created_at',
    ],
    reason:
      'the invoice’s number, dates and amounts (a legal record; no person once the order is anonymised)',
  },
  {
    table: 'order_events',
    columns: ['id', 'order_id', 'kind', 'provider', 'amount_grosze', 'detail', 'created_at'],
    reason:
      'payment states with the operator’s ids (detail: operator order ids, refund ids, never the payer’s data)',
  },
  {
    table: 'order_items',
    columns: [
      'id',
      'order_id',
      'product_id',
      'product_name',
      'product_start_date',
      'quantity',
      'price_grosze',
      'vat_rate',
      'terms',
    ],
    reason: 'what was bought (terms: which of the experience’s terms were accepted, by id)',
  },
  {
    table: 'orders',
    columns: [
      'id',
      'status',
      'product_type',
      'total_grosze',
      'discount_grosze',
      'discount_code_id',
      'is_invoice',
      'payment_provider',
      'payment_ref',
      'payment_attempts',
      'payment_url',
      'provider_order_id',
      'paid_ref',
      'refunded_grosze',
      'bank_transfer_ref',
      'expires_at',
      'paid_at',
      'cancelled_at',
      'created_at',
    ],
    reason:
      'amounts, states and random references: the accounts’ record, no person once user_id and buyer go',
  },
  {
    table: 'payment_events',
    columns: ['id', 'order_id', 'provider', 'event_id', 'status', 'created_at'],
    reason: 'operator notifications already handled',
  },
  { table: 'product_sales', columns: ['product_id', 'seats_paid'], reason: 'a count per experience' },
  { table: 'bonus_signups', columns: ['id'], reason: 'a surrogate key' },
  { table: 'tax_offices', columns: ['id', 'name', 'city'], reason: 'reference data' },
  { table: 'consent_events', columns: ['id'], reason: 'a surrogate key' },
  { table: 'consent_proofs', columns: ['id'], reason: 'a surrogate key' },
  { table: 'privacy_exports', columns: ['id'], reason: 'a surrogate key' },
  {
    table: 'retention_runs',
    columns: ['id', 'started_at', 'finished_at', 'counts'],
    reason: 'what the retention job did: counts only',
  },
  {
    table: 'check_in_lists',
    columns: ['id', 'product_id', 'name', 'is_default', 'allows_check_out', 'created_at'],
    reason: 'an experience’s lists',
  },
  { table: 'check_ins', columns: ['id'], reason: 'a surrogate key' },
  { table: 'tickets', columns: ['id'], reason: 'a surrogate key' },
  { table: 'offline_scans', columns: ['id'], reason: 'a surrogate key' },
  {
    table: 'attendee_mails',
    columns: [
      'id',
      'key',
      'product_id',
      'audience',
      'subject_pl',
      'subject_en',
      'body_pl',
      'body_en',
      'by_user_id',
      'created_at',
    ],
    reason:
      'a staff member’s mail to all attendees of an experience: addressed to nobody in particular (recipients are in attendee_mail_recipients)',
  },
  { table: 'attendee_mail_recipients', columns: ['id', 'mail_id'], reason: 'keys' },
  {
    table: 'booking_reminders',
    columns: ['id', 'order_id', 'product_id', 'kind', 'outbox_id', 'created_at'],
    reason: 'that a reminder went for an order (the mail itself is in the outbox)',
  },
  {
    table: 'ksef_submissions',
    columns: [
      'invoice_id',
      'status',
      'offline',
      'attempts',
      'next_attempt_at',
      'lease_until',
      'ksef_number',
      'session_reference',
      'invoice_reference',
      'error_code',
      'accepted_at',
      'created_at',
    ],
    reason: 'sending state and KSeF’s references',
  },
];

/** The columns of an entry the member's export carries. */
export const exportedOf = (e: PersonalColumns): readonly string[] => {
  const { exported } = e;
  if (typeof exported === 'boolean') return exported ? e.columns : [];
  if ('except' in exported) return e.columns.filter((c) => !exported.except.includes(c));
  return exported;
};

/** `table.column` → its register entry, for the tests and the page. */
export function registerIndex(): Map<string, PersonalColumns | NonPersonalColumns> {
  const index = new Map<string, PersonalColumns | NonPersonalColumns>();
  for (const entry of [...PERSONAL_COLUMNS, ...NON_PERSONAL_COLUMNS]) {
    for (const column of entry.columns) index.set(`${entry.table}.${column}`, entry);
  }
  return index;
}

/** The columns the register says may still hold a removed member's data: what the law makes the club keep. */
export const KEPT_AFTER_REMOVAL: readonly string[] = PERSONAL_COLUMNS.filter(
  (e) => e.removal.kind === 'keep',
).flatMap((e) => e.columns.map((c) => `${e.table}.${c}`));

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The register as the Markdown table of docs/privacy.md. */
export function registerMarkdown(): string {
  const rows = PERSONAL_COLUMNS.map((e) => {
    const removal =
      e.removal.kind === 'keep'
        ? `**keep**: ${e.removal.how} (${e.removal.law})`
        : `**${e.removal.kind}**: ${e.removal.how}`;
    const columns = e.columns.map((c) => `\`${c}\``).join(', ');
    return `| \`${e.table}\`: ${columns} | ${cell(e.data)} | ${cell(e.purpose)} | ${cell(e.basis)} | ${cell(e.retention)} | ${cell(e.seenBy)} | ${cell(removal)} | ${
      e.exported === true
        ? 'yes'
        : e.exported === false
          ? 'no'
          : `only ${exportedOf(e)
              .map((c) => `\`${c}\``)
              .join(', ')}`
    } |`;
  });
  const other = NON_PERSONAL_COLUMNS.map(
    (e) => `| \`${e.table}\`: ${e.columns.map((c) => `\`${c}\``).join(', ')} | ${cell(e.reason)} |`,
  );
  return [
    '| columns | data | purpose | legal basis | retention | who can see it | removal of the account | exported |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'Columns with no personal data:',
    '',
    '| columns | why |',
    '|---|---|',
    ...other,
  ].join('\n');
}
