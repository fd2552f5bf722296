export const eventDayMessages = {
  pl: {
    notCheckedIn: 'Ta osoba nie jest teraz wpuszczona na tej liście: nie ma czego wymeldować.',
  },
  en: {
    notCheckedIn: 'This person is not checked in on this list right now: there is nothing to check out.',
  },
};
