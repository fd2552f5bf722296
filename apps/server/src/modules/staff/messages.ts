export const staffMessages = {
  pl: {
    emailTaken: 'Konto z tym adresem e-mail już istnieje.',
    notYourself: 'Nie możesz zmienić roli ani aktywności własnego konta. Poproś o to innego administratora.',
    invitationAccepted: 'To zaproszenie zostało już przyjęte: konto ma hasło.',
    invitationInvalid:
      'Link zaproszenia wygasł lub został już użyty. Poproś administratora o nowe zaproszenie.',
  },
  en: {
    emailTaken: 'An account with this e-mail address already exists.',
    notYourself: 'You cannot change the role or the activity of your own account. Ask another administrator.',
    invitationAccepted: 'This invitation has already been accepted: the account has a password.',
    invitationInvalid:
      'This invitation link has expired or was already used. Ask an administrator for a new one.',
  },
};
