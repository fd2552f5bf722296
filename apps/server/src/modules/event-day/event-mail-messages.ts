/** The texts of the tickets' PDF and the mail to the people who come (issue 29), key `eventMail.<key>`. */
export const eventMailMessages = {
  pl: {
    noTickets: 'Nie ma tu ważnego biletu do wydruku.',
    noRecipients: 'Nikt z wybranej grupy nie ma adresu, na który można wysłać tę wiadomość.',
    keyUsed: 'Ta wiadomość została już wysłana do innego wydarzenia. Otwórz formularz ponownie.',
  },
  en: {
    noTickets: 'There is no valid ticket here to print.',
    noRecipients: 'Nobody in the chosen group has an address this message could go to.',
    keyUsed: 'This message was already sent for another experience. Open the form again.',
  },
};
