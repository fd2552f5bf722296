export const authMessages = {
  pl: {
    invalidCredentials: 'Nieprawidłowy e-mail lub hasło.',
    wrongCurrentPassword: 'Obecne hasło jest nieprawidłowe.',
    resetLinkInvalid: 'Link do zmiany hasła wygasł lub został już użyty. Poproś o nowy.',
    passwordCheckRequired: 'Potwierdź hasło, aby kontynuować.',
    challengeInvalid: 'Logowanie wygasło. Zaloguj się ponownie e-mailem i hasłem.',
    codeInvalid: 'Kod jest nieprawidłowy lub został już użyty. Wpisz aktualny kod z aplikacji.',
    enrolmentNotStarted: 'Najpierw zeskanuj kod QR, a potem wpisz kod z aplikacji.',
    secondFactorNotEnrolled:
      'To konto nie ma jeszcze drugiego składnika logowania. Otwórz link z zaproszenia albo użyj „Nie pamiętasz hasła?”: link wysłany na Twój e-mail pozwoli ustawić hasło i połączyć aplikację uwierzytelniającą.',
  },
  en: {
    invalidCredentials: 'Incorrect e-mail or password.',
    wrongCurrentPassword: 'The current password is incorrect.',
    resetLinkInvalid: 'This password link has expired or was already used. Please ask for a new one.',
    passwordCheckRequired: 'Confirm your password to continue.',
    challengeInvalid: 'Your sign-in has expired. Sign in again with your e-mail and password.',
    codeInvalid: 'The code is incorrect or was already used. Enter the current code from your app.',
    enrolmentNotStarted: 'Scan the QR code first, then enter the code from your app.',
    secondFactorNotEnrolled:
      'This account has no second factor yet. Open the link from your invitation, or use "Forgot your password?": the link sent to your e-mail lets you set the password and link your authenticator app.',
  },
};
