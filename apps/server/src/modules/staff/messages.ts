export const staffMessages = {
  pl: {
    emailTaken: 'Konto z tym adresem e-mail już istnieje.',
    notYourself: 'Nie możesz zmienić roli ani aktywności własnego konta. Poproś o to innego administratora.',
    invitationAccepted: 'To zaproszenie zostało już przyjęte: konto ma hasło.',
    invitationInvalid:
      'Link zaproszenia wygasł lub został już użyty. Poproś administratora o nowe zaproszenie.',
    mail: {
      inviteSubject: 'Excellence Club: zaproszenie do konsoli zespołu',
      inviteText:
        'Dzień dobry {{name}},\n\nzapraszamy do konsoli zespołu Excellence Club (rola: {{role}}). Aby ustawić hasło, otwórz link (ważny {{days}} dni):\n\n{{link}}\n\nPo ustawieniu hasła połączysz konto z aplikacją uwierzytelniającą (np. Google Authenticator).\n\nExcellence Club',
      roleOPERATOR: 'operator',
      roleADMIN: 'administrator',
    },
  },
  en: {
    emailTaken: 'An account with this e-mail address already exists.',
    notYourself: 'You cannot change the role or the activity of your own account. Ask another administrator.',
    invitationAccepted: 'This invitation has already been accepted: the account has a password.',
    invitationInvalid:
      'This invitation link has expired or was already used. Ask an administrator for a new one.',
    mail: {
      inviteSubject: "Excellence Club: your invitation to the staff's console",
      inviteText:
        "Hello {{name}},\n\nyou are invited to the Excellence Club staff's console (role: {{role}}). Open this link to set your password (valid for {{days}} days):\n\n{{link}}\n\nAfter the password you will link your account to an authenticator app (e.g. Google Authenticator).\n\nExcellence Club",
      roleOPERATOR: 'operator',
      roleADMIN: 'administrator',
    },
  },
};
