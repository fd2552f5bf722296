import { expect as baseExpect, linkIn, newStaff, PHONE, readOutbox, test, totpCode } from './fixtures';
import { tapLikeAPerson } from './support/person-checks';

// Two page loads, the mail and the console's chunk: a busy machine needs more than the defaults.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 28, item 2: a staff account without a second factor is not enrolled by its password alone.
 * The person is told so, asks for the reset link, opens it from the mail, sets the password and only
 * then links the authenticator app (QR code, first code, recovery codes) and reaches the console.
 */
const WORDS = {
  pl: {
    locale: 'pl-PL',
    password: /^Hasło/,
    signIn: 'Zaloguj się',
    refused: /nie ma jeszcze drugiego składnika logowania/,
    forgot: 'Nie pamiętasz hasła?',
    send: 'Wyślij link',
    sent: /wysłaliśmy na nie wiadomość z linkiem/,
    newPassword: /^Nowe hasło/,
    repeat: /^Powtórz nowe hasło/,
    save: 'Zapisz hasło',
    enrolTitle: 'Włącz weryfikację dwuetapową',
    code: /^Kod z aplikacji/,
    confirm: 'Potwierdź i włącz',
    saved: 'Zapisałem(-am) kody w bezpiecznym miejscu',
    go: 'Przejdź do konsoli',
  },
  en: {
    locale: 'en-GB',
    password: /^Password/,
    signIn: 'Sign in',
    refused: /This account has no second factor yet/,
    forgot: 'Forgot your password?',
    send: 'Send the link',
    sent: /we have sent it a message with a link/,
    newPassword: /^New password/,
    repeat: /^Repeat the new password/,
    save: 'Save password',
    enrolTitle: 'Turn on two-step verification',
    code: /^Code from the app/,
    confirm: 'Confirm and turn on',
    saved: 'I have stored the codes somewhere safe',
    go: 'Go to the console',
  },
} as const;

for (const [lang, phone] of [
  ['pl', true],
  ['en', false],
] as const) {
  test(`a staff member without a second factor enrols it only through the mailed link (${lang}${phone ? ', 390 px' : ''})`, async ({
    browser,
    request,
    expectFailure,
  }) => {
    const w = WORDS[lang];
    const staff = await newStaff(request, 'OPERATOR', lang, { enrolled: false });
    const context = await browser.newContext({
      ...(phone ? PHONE : { viewport: { width: 1440, height: 900 }, hasTouch: true }),
      baseURL: test.info().project.use.baseURL,
      locale: w.locale,
    });
    const page = await context.newPage();
    const tap = (name: string) => tapLikeAPerson(page.getByRole('button', { name, exact: true }));

    // The password alone: refused, with the way forward.
    expectFailure({ status: 403, method: 'POST', url: '/auth/login' });
    await page.goto(`/panel/login?lang=${lang}`);
    await page.getByLabel(/^E-mail/).fill(staff.email);
    await page.getByLabel(w.password).fill(staff.password);
    await tap(w.signIn);
    const refusal = page.getByRole('alertdialog');
    await expect(refusal).toContainText(w.refused);
    await tapLikeAPerson(refusal.getByRole('button'));
    await expect(refusal).toBeHidden();
    await expect(page.getByRole('heading', { name: w.enrolTitle })).toHaveCount(0);

    // The reset link by mail.
    await tap(w.forgot);
    await page.getByLabel(/^E-mail/).fill(staff.email);
    await tap(w.send);
    await expect(page.getByRole('status')).toContainText(w.sent);
    await expect
      .poll(async () => (await readOutbox(request, staff.email)).some((m) => m.template === 'reset-password'))
      .toBe(true);
    const mail = (await readOutbox(request, staff.email)).find((m) => m.template === 'reset-password')!;
    await page.goto(linkIn(mail.text));
    await page.getByLabel(w.newPassword).fill('Nowe#Haslo2026');
    await page.getByLabel(w.repeat).fill('Nowe#Haslo2026');
    await tap(w.save);

    // Now the enrolment: the key typed into the app (here otplib), its code, the recovery codes.
    await expect(page.getByRole('heading', { name: w.enrolTitle })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel(w.code).fill(await totpCode(secret));
    await tap(w.confirm);
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByLabel(w.saved).check();
    await tap(w.go);
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/panel\/admin$/);
    await context.close();
  });
}
