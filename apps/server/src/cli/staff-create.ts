/**
 * `npm run staff:create -- --email anna@club.example --name Anna --surname Nowak [--role ADMIN|OPERATOR]
 * [--language pl|en]`: creates a staff account of a real installation (the first administrator) and
 * prints its invitation link: the link sets the password, the first sign-in enrols the second factor
 * (docs/console.md). Uses the same DATABASE_URL / DATA_DIR as the server; migrates first.
 */
import { parseArgs } from 'node:util';
import { type LANGUAGES, type STAFF_TYPES, USER_TYPE, ZStaffInvite } from '@club/shared';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { seedReferenceData } from '../db/seed';
import { recordAudit } from '../lib/audit';
import { issueUserToken } from '../lib/user-tokens';
import { INVITATION_TTL_MS } from '../modules/staff/routes';

export type StaffCreateInput = {
  email: string;
  name: string;
  surname: string;
  role: (typeof STAFF_TYPES)[number];
  language: (typeof LANGUAGES)[number];
};

/** Creates the account and returns its invitation link; throws a readable Error on bad input. */
export async function createStaffAccount(
  db: Db,
  input: StaffCreateInput,
  publicUrl: string,
): Promise<string> {
  const parsed = ZStaffInvite.safeParse({
    email: input.email,
    name: input.name,
    surname: input.surname,
    type: input.role,
    language: input.language,
  });
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.')))].join(', ');
    throw new Error(
      `invalid ${fields} (e-mail address; name and surname of 2+ letters; role ADMIN or OPERATOR; language pl or en)`,
    );
  }
  const { email, name, surname, type, language } = parsed.data;
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (taken) throw new Error(`an account with the e-mail ${email} already exists`);
    const [user] = await tx
      .insert(users)
      .values({ email, name, surname, type, languageCode: language })
      .returning();
    const token = await issueUserToken(tx, user!.id, 'STAFF_INVITE', INVITATION_TTL_MS);
    await recordAudit(
      tx,
      { userId: null, email: 'staff:create (command line)', address: null },
      {
        action: 'invite',
        entityType: 'staff',
        entityId: user!.id,
        before: null,
        after: { email, name, surname, type },
      },
    );
    return `${publicUrl}/panel/admin/invitation?token=${encodeURIComponent(token)}`;
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      surname: { type: 'string', default: '' },
      role: { type: 'string', default: USER_TYPE.ADMIN },
      language: { type: 'string', default: 'pl' },
    },
  });
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const link = await createStaffAccount(
      database.db,
      {
        email: values.email ?? '',
        name: values.name ?? '',
        surname: values.surname ?? '',
        role: values.role as StaffCreateInput['role'],
        language: values.language as StaffCreateInput['language'],
      },
      config.PUBLIC_URL,
    );
    console.log(`Staff account created (${values.role}). Open this link within 7 days to set the password;`);
    console.log('the first sign-in then enrols the second factor (an authenticator app):\n');
    console.log(link);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && /staff-create\.(ts|js|mjs)$/.test(process.argv[1])) {
  main().catch((error: Error) => {
    console.error(`staff:create: ${error.message}`);
    process.exit(1);
  });
}
