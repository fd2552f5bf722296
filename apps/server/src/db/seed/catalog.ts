import { PRODUCT_TYPE, type ProductType } from '@club/shared';
import { sql } from 'drizzle-orm';
import { clubToday } from '../../lib/club-day';
import { pick } from '../../lib/pick';
import {
  categories,
  galleries,
  galleryImages,
  interests,
  partners,
  productFiles,
  productImages,
  productInterests,
  productPartners,
  products,
  productTerms,
} from '../schema';
import { DEMO_INTERESTS } from './account';
import type { SeedContext } from './index';

/** A date `days` away from the club's today: the demo keeps every state whenever it is seeded. */
function dayFrom(today: string, days: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The demo photo number n (scripts/generate-demo-media.mjs PHOTO_SCENES: 1-5 track, 6-7 academy, 8-9 snow, 10-16 journeys, 17-22 lifestyle, 23 city, 24 desert night). */
const photo = (n: number) => `gallery/photo-${String(((n - 1) % 24) + 1).padStart(2, '0')}.webp`;

const CONTACT_EMAIL = 'events@excellence-club.example';
const CONTACT_PHONE = '+48 22 100 20 30';

type DemoProduct = {
  alias: string;
  category: 'motorsport' | 'journeys' | 'lifestyle' | 'academy';
  type: ProductType;
  namePl: string;
  nameEn: string;
  descriptionPl: string;
  descriptionEn: string;
  placePl: string;
  placeEn: string;
  start: number;
  length?: number;
  startTime?: string;
  endTime?: string;
  price: number;
  totalSeats: number | null;
  seatsTaken: number;
  statusLimit: number;
  published?: 0 | 1 | 2;
  annPl?: string;
  annEn?: string;
  image: string;
  interests: number[];
  partners?: number[];
  images?: number[];
  files?: [string, string, string][];
  video?: string;
  cartLabel?: [string, string];
  gallery?: { photos: number[] };
};

const TRACKS = [
  ['Tor Poznań', 'Tor Poznań'],
  ['Silesia Ring, Kamień Śląski', 'Silesia Ring, Kamień Śląski'],
  ['Slovakia Ring, Orechová Potôň', 'Slovakia Ring, Orechová Potôň'],
  ['Automotodrom Brno', 'Automotodrom Brno'],
  ['Hungaroring, Mogyoród', 'Hungaroring, Mogyoród'],
  ['Red Bull Ring, Spielberg', 'Red Bull Ring, Spielberg'],
  ['Sachsenring, Hohenstein-Ernstthal', 'Sachsenring, Hohenstein-Ernstthal'],
  ['Autodrom Most', 'Autodrom Most'],
  ['Pannonia-Ring, Ostffyasszonyfa', 'Pannonia-Ring, Ostffyasszonyfa'],
  ['Lausitzring, Klettwitz', 'Lausitzring, Klettwitz'],
] as const;

const TRACK_IMAGES = ['track-day', 'track-grid', 'night-laps', 'pit-lane'];

function trackSeries(): DemoProduct[] {
  return TRACKS.map(([pl, en], i) => ({
    alias: `track-series-round-${i + 1}`,
    category: 'motorsport',
    type: PRODUCT_TYPE.EVENT,
    namePl: `Excellence Track Series – runda ${i + 1}: ${pl.split(',')[0]}`,
    nameEn: `Excellence Track Series – round ${i + 1}: ${en.split(',')[0]}`,
    descriptionPl: `<p>Runda ${i + 1} klubowego cyklu torowego. Sesje z instruktorem, pomiar czasu i analiza telemetrii, a na zakończenie okrążenia z kierowcą wyścigowym na prawym fotelu.</p>`,
    descriptionEn: `<p>Round ${i + 1} of the club's track series. Coached sessions, timing and telemetry debriefs, and to close the day, hot laps beside a racing driver.</p>`,
    placePl: pl,
    placeEn: en,
    start: 44 + i * 14,
    startTime: '09:00',
    endTime: '17:30',
    price: 2400 + (i % 3) * 300,
    totalSeats: 30,
    seatsTaken: 4 + ((i * 5) % 20),
    statusLimit: 6,
    image: TRACK_IMAGES[i % TRACK_IMAGES.length]!,
    interests: [1, 11],
    partners: [6],
  }));
}

const PRODUCTS: DemoProduct[] = [
  {
    alias: 'track-day-tor-poznan',
    category: 'motorsport',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Dzień torowy na Torze Poznań',
    nameEn: 'Track Day at Tor Poznań',
    descriptionPl:
      '<p>Cały dzień na torze w samochodach serii M, pod okiem instruktorów klubu. Rozpoczynamy od odprawy i okrążeń zapoznawczych za samochodem bezpieczeństwa, później trzy sesje szkoleniowe i pomiar czasu.</p><p>W cenie: samochody, paliwo, opony, ubezpieczenie, lunch w lounge’u toru i zdjęcia z wydarzenia.</p>',
    descriptionEn:
      '<p>A full day on track in M cars, coached by the club’s instructors. We begin with a briefing and sighting laps behind the safety car, then three coached sessions and timed laps.</p><p>Included: cars, fuel, tyres, insurance, lunch in the circuit lounge and photographs of the day.</p>',
    placePl: 'Tor Poznań, Przeźmierowo',
    placeEn: 'Tor Poznań, Przeźmierowo',
    start: 24,
    startTime: '08:00',
    endTime: '17:00',
    price: 2900,
    totalSeats: 40,
    seatsTaken: 12,
    statusLimit: 8,
    image: 'track-day',
    interests: [1, 11],
    partners: [6, 1],
    images: [1, 2, 3, 5],
    files: [
      ['Program dnia', 'Programme of the day', 'files/programme-track-day.pdf'],
      ['Regulamin wydarzeń', 'Event rules', 'files/regulamin-wydarzen.pdf'],
    ],
    video: 'video/track-experience.webm',
    cartLabel: ['Rozmiar kombinezonu (S–XXL)', 'Race suit size (S–XXL)'],
  },
  {
    alias: 'night-laps-silesia-ring',
    category: 'motorsport',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Nocne okrążenia na Silesia Ring',
    nameEn: 'Night Laps at Silesia Ring',
    descriptionPl:
      '<p>Tor oświetlony wyłącznie reflektorami. Wieczorna sesja dla członków, którzy znają już tor za dnia: precyzja, rytm i skupienie po zmroku.</p>',
    descriptionEn:
      '<p>A circuit lit only by headlights. An evening session for members who already know the track by day: precision, rhythm and focus after dark.</p>',
    placePl: 'Silesia Ring, Kamień Śląski',
    placeEn: 'Silesia Ring, Kamień Śląski',
    start: 38,
    startTime: '19:00',
    endTime: '23:30',
    price: 3400,
    totalSeats: 24,
    seatsTaken: 19,
    statusLimit: 6,
    image: 'night-laps',
    interests: [1, 11],
    partners: [6],
    images: [4, 23, 3],
  },
  {
    alias: 'm-masterclass',
    category: 'academy',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'M Masterclass z mistrzem kierownicy',
    nameEn: 'M Masterclass with a Racing Champion',
    descriptionPl:
      '<p>Dwanaście miejsc, jeden mistrz. Indywidualna praca nad linią jazdy, hamowaniem i kontrolą nadsterowności, z analizą wideo każdego przejazdu.</p>',
    descriptionEn:
      '<p>Twelve places, one champion. One-to-one work on racing lines, braking and oversteer control, with a video debrief of every run.</p>',
    placePl: 'Centrum doskonalenia techniki jazdy, Modlin',
    placeEn: 'Driving Excellence Centre, Modlin',
    start: 16,
    startTime: '09:30',
    endTime: '16:00',
    price: 4800,
    totalSeats: 12,
    seatsTaken: 12,
    statusLimit: 3,
    image: 'm-masterclass',
    interests: [1, 11],
    images: [6, 7],
  },
  {
    alias: 'drift-school',
    category: 'academy',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Szkoła driftu – poziom I',
    nameEn: 'Drift School – Level I',
    descriptionPl:
      '<p>Kontrolowany poślizg na mokrej płycie: od pierwszego obrotu do płynnej ósemki. Kurs kończy się certyfikatem klubowej akademii.</p>',
    descriptionEn:
      '<p>Controlled slides on a wet skid pad: from the first spin to a flowing figure of eight. The course ends with the club academy’s certificate.</p>',
    placePl: 'Tor Modlin',
    placeEn: 'Modlin circuit',
    start: 2,
    startTime: '10:00',
    endTime: '15:00',
    price: 1900,
    totalSeats: 16,
    seatsTaken: 16,
    statusLimit: 4,
    image: 'drift-school',
    interests: [11],
  },
  {
    alias: 'frozen-lake-academy',
    category: 'academy',
    type: PRODUCT_TYPE.TRIP,
    namePl: 'Zimowa akademia na zamarzniętym jeziorze',
    nameEn: 'Frozen Lake Winter Academy',
    descriptionPl:
      '<p>Trzy dni jazdy po lodzie w szwedzkiej Laponii: trasy wycięte w śniegu, xDrive w najczystszej postaci i wieczory przy kominku w domkach nad jeziorem.</p>',
    descriptionEn:
      '<p>Three days of ice driving in Swedish Lapland: tracks carved into the snow, xDrive at its purest and evenings by the fire in lakeside lodges.</p>',
    placePl: 'Arjeplog, Szwecja',
    placeEn: 'Arjeplog, Sweden',
    start: 75,
    length: 3,
    startTime: '12:00',
    endTime: '14:00',
    price: 18900,
    totalSeats: 14,
    seatsTaken: 3,
    statusLimit: 4,
    image: 'ice-driving',
    interests: [8, 11, 7],
    partners: [5, 2],
    images: [8, 7, 9],
  },
  {
    alias: 'lapland-arctic-expedition',
    category: 'journeys',
    type: PRODUCT_TYPE.TRIP,
    namePl: 'Laponia: arktyczna wyprawa',
    nameEn: 'Lapland Arctic Expedition',
    descriptionPl: '<p>Zorza polarna, psie zaprzęgi i jazda elektrycznym i7 przez bezkresną tajgę.</p>',
    descriptionEn: '<p>Northern lights, husky sledges and an electric i7 across the endless taiga.</p>',
    placePl: 'Rovaniemi, Finlandia',
    placeEn: 'Rovaniemi, Finland',
    start: 120,
    length: 5,
    price: 0,
    totalSeats: 16,
    seatsTaken: 0,
    statusLimit: 4,
    published: 2,
    annPl:
      'Zapisy ruszą wkrótce. Ustaw powiadomienie, a damy znać jako pierwszym – liczba miejsc jest ograniczona do ośmiu załóg.',
    annEn:
      'Booking opens soon. Set a notification and we will tell you first – places are limited to eight crews.',
    image: 'lapland-winter',
    interests: [7, 8],
  },
  {
    alias: 'alpine-passes',
    category: 'journeys',
    type: PRODUCT_TYPE.TRIP,
    namePl: 'Przełęcze Alp: Stelvio i Bernina',
    nameEn: 'Alpine Passes: Stelvio and Bernina',
    descriptionPl:
      '<p>Pięć dni na najpiękniejszych drogach Europy. Timmelsjoch, 48 serpentyn Stelvio, przełęcz Bernina i noc w St. Moritz. Jedziemy kolumną z pilotem i serwisem technicznym.</p>',
    descriptionEn:
      '<p>Five days on Europe’s most beautiful roads. Timmelsjoch, the 48 hairpins of the Stelvio, the Bernina Pass and a night in St. Moritz. We drive in convoy with a lead car and technical support.</p>',
    placePl: 'Innsbruck – St. Moritz',
    placeEn: 'Innsbruck – St. Moritz',
    start: 52,
    length: 4,
    startTime: '15:00',
    endTime: '11:00',
    price: 14500,
    totalSeats: 20,
    seatsTaken: 14,
    statusLimit: 6,
    image: 'alpine-passes',
    interests: [7, 9],
    partners: [2],
    images: [10, 11, 12],
    files: [['Plan podróży', 'Itinerary', 'files/itinerary-alpine-passes.pdf']],
  },
  {
    alias: 'riviera-grand-tour',
    category: 'journeys',
    type: PRODUCT_TYPE.TRIP,
    namePl: 'Grand Tour po Riwierze Francuskiej',
    nameEn: 'French Riviera Grand Tour',
    descriptionPl:
      '<p>Od Monako po Saint-Tropez: nadmorskie corniche, kolacje z widokiem na zatokę i dzień na jachcie.</p>',
    descriptionEn:
      '<p>From Monaco to Saint-Tropez: coastal corniches, dinners above the bay and a day on a yacht.</p>',
    placePl: 'Nicea, Francja',
    placeEn: 'Nice, France',
    start: 95,
    length: 5,
    startTime: '14:00',
    endTime: '12:00',
    price: 16800,
    totalSeats: 16,
    seatsTaken: 2,
    statusLimit: 4,
    image: 'riviera-grand-tour',
    interests: [7, 4, 2],
    partners: [3, 4],
  },
  {
    alias: 'dolomites-roads-and-peaks',
    category: 'journeys',
    type: PRODUCT_TYPE.TRIP,
    namePl: 'Dolomity: drogi i szczyty',
    nameEn: 'Dolomites: Roads and Peaks',
    descriptionPl:
      '<p>Sella Ronda za kierownicą X7, kolacja w schronisku na 2000 m i poranny lot helikopterem.</p>',
    descriptionEn:
      '<p>The Sella Ronda at the wheel of an X7, dinner in a hut at 2,000 m and a morning helicopter flight.</p>',
    placePl: 'Cortina d’Ampezzo, Włochy',
    placeEn: 'Cortina d’Ampezzo, Italy',
    start: 150,
    length: 4,
    price: 0,
    totalSeats: 18,
    seatsTaken: 0,
    statusLimit: 4,
    published: 2,
    annPl: 'Program w przygotowaniu – szczegóły i cena zostaną ogłoszone wiosną.',
    annEn: 'The programme is being finalised – details and price will be announced in spring.',
    image: 'dolomites',
    interests: [7, 8],
  },
  {
    alias: 'amalfi-coast',
    category: 'journeys',
    type: PRODUCT_TYPE.TRIP,
    namePl: 'Wybrzeże Amalfi kabrioletem',
    nameEn: 'The Amalfi Coast by Convertible',
    descriptionPl:
      '<p>Positano, Ravello i Capri. Trasa wzdłuż klifów, limoncello o zachodzie słońca i rejs prywatną łodzią.</p>',
    descriptionEn:
      '<p>Positano, Ravello and Capri. A road along the cliffs, limoncello at sunset and a private boat cruise.</p>',
    placePl: 'Sorrento, Włochy',
    placeEn: 'Sorrento, Italy',
    start: 64,
    length: 4,
    price: 15900,
    totalSeats: 12,
    seatsTaken: 12,
    statusLimit: 3,
    image: 'amalfi-coast',
    interests: [7, 4],
    partners: [3],
  },
  {
    alias: 'excellence-club-gala',
    category: 'lifestyle',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Gala Excellence Club',
    nameEn: 'Excellence Club Gala Evening',
    descriptionPl:
      '<p>Coroczny wieczór członków klubu: kolacja degustacyjna szefa kuchni z gwiazdką Michelin, kwartet smyczkowy i premiera nowego modelu w kameralnym gronie.</p>',
    descriptionEn:
      '<p>The members’ annual evening: a tasting dinner by a Michelin-starred chef, a string quartet and the private unveiling of a new model.</p>',
    placePl: 'Pałac Łazienkowski, Warszawa',
    placeEn: 'Łazienki Palace, Warsaw',
    start: 30,
    startTime: '19:30',
    price: 1200,
    totalSeats: 120,
    seatsTaken: 40,
    statusLimit: 15,
    image: 'gala-evening',
    interests: [5, 6, 2],
    partners: [4, 1],
    cartLabel: ['Preferencje dietetyczne', 'Dietary preferences'],
  },
  {
    alias: 'opening-night-grand-theatre',
    category: 'lifestyle',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Premiera w Teatrze Wielkim',
    nameEn: 'Opening Night at the Grand Theatre',
    descriptionPl: '<p>Loża klubowa na premierze sezonu, spotkanie z reżyserem i kolacja po spektaklu.</p>',
    descriptionEn:
      '<p>The club’s box at the season’s premiere, a meeting with the director and dinner after the performance.</p>',
    placePl: 'Teatr Wielki – Opera Narodowa, Warszawa',
    placeEn: 'Grand Theatre – Polish National Opera, Warsaw',
    start: 45,
    startTime: '18:30',
    price: 950,
    totalSeats: 30,
    seatsTaken: 27,
    statusLimit: 5,
    image: 'opera-night',
    interests: [6, 5],
  },
  {
    alias: 'tuscan-harvest-drive',
    category: 'journeys',
    type: PRODUCT_TYPE.TRIP,
    namePl: 'Winobranie w Toskanii',
    nameEn: 'Tuscan Harvest Drive',
    descriptionPl:
      '<p>Drogi Chianti, rodzinne winnice i degustacje z właścicielami. Nocujemy w odrestaurowanym klasztorze z XII wieku.</p>',
    descriptionEn:
      '<p>Chianti roads, family vineyards and tastings with their owners. We stay in a restored twelfth-century monastery.</p>',
    placePl: 'Siena, Włochy',
    placeEn: 'Siena, Italy',
    start: 110,
    length: 4,
    price: 13900,
    totalSeats: 18,
    seatsTaken: 4,
    statusLimit: 4,
    image: 'tuscany-tour',
    interests: [9, 2, 7],
    partners: [2, 4],
  },
  {
    alias: 'excellence-cup-golf',
    category: 'lifestyle',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Turniej golfowy Excellence Cup',
    nameEn: 'Excellence Cup Golf Tournament',
    descriptionPl:
      '<p>Turniej stableford na 18 dołków, clinic z zawodowcem PGA i wręczenie nagród podczas kolacji.</p>',
    descriptionEn:
      '<p>An 18-hole stableford tournament, a clinic with a PGA professional and prize-giving over dinner.</p>',
    placePl: 'Sobienie Królewskie Golf & Country Club',
    placeEn: 'Sobienie Królewskie Golf & Country Club',
    start: 20,
    startTime: '08:30',
    endTime: '20:00',
    price: 1500,
    totalSeats: 48,
    seatsTaken: 10,
    statusLimit: 8,
    image: 'golf-cup',
    interests: [3, 12],
    partners: [1],
  },
  {
    alias: 'baltic-regatta',
    category: 'lifestyle',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Regaty klubowe na Zatoce Gdańskiej',
    nameEn: 'Club Regatta on the Bay of Gdańsk',
    descriptionPl:
      '<p>Wyścig jachtów z profesjonalnymi skipperami, lunch na pokładzie i wieczór w marinie.</p>',
    descriptionEn:
      '<p>A yacht race with professional skippers, lunch on board and an evening in the marina.</p>',
    placePl: 'Marina Gdynia',
    placeEn: 'Gdynia Marina',
    start: 58,
    startTime: '10:00',
    endTime: '22:00',
    price: 2100,
    totalSeats: 24,
    seatsTaken: 6,
    statusLimit: 5,
    image: 'baltic-sailing',
    interests: [4],
    partners: [3],
  },
  {
    alias: 'atlas-sahara-expedition',
    category: 'journeys',
    type: PRODUCT_TYPE.TRIP,
    namePl: 'Ekspedycja Atlas i Sahara',
    nameEn: 'Atlas and Sahara Expedition',
    descriptionPl:
      '<p>Przełęcze Atlasu Wysokiego, noc w obozie na wydmach Erg Chebbi i jazda X7 po pustynnych szlakach.</p>',
    descriptionEn:
      '<p>High Atlas passes, a night in a camp on the Erg Chebbi dunes and X7s on desert trails.</p>',
    placePl: 'Marrakesz, Maroko',
    placeEn: 'Marrakesh, Morocco',
    start: -140,
    length: 6,
    price: 17500,
    totalSeats: 14,
    seatsTaken: 14,
    statusLimit: 4,
    image: 'sahara-rally',
    interests: [7, 11],
    gallery: { photos: [14, 24, 10, 12, 13, 11, 15, 23] },
  },
  {
    alias: 'museum-night-classics',
    category: 'lifestyle',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Noc muzeów z kolekcją klasyków',
    nameEn: 'Museum Night with a Classic Collection',
    descriptionPl:
      '<p>Prywatne zwiedzanie kolekcji samochodów klasycznych z kuratorem i koktajl wśród eksponatów.</p>',
    descriptionEn:
      '<p>A private tour of a classic car collection with its curator, and cocktails among the exhibits.</p>',
    placePl: 'Muzeum Techniki, Warszawa',
    placeEn: 'Museum of Technology, Warsaw',
    start: -35,
    startTime: '20:00',
    price: 600,
    totalSeats: 60,
    seatsTaken: 52,
    statusLimit: 8,
    image: 'museum-night',
    interests: [5, 2],
    gallery: { photos: [21, 22, 20, 23, 18, 19] },
  },
  {
    alias: 'track-day-spring-edition',
    category: 'motorsport',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Dzień torowy – edycja wiosenna',
    nameEn: 'Track Day – Spring Edition',
    descriptionPl:
      '<p>Otwarcie sezonu torowego klubu: trzy grupy, dwie konfiguracje toru i wieczorne rozdanie pucharów.</p>',
    descriptionEn:
      '<p>The opening of the club’s track season: three groups, two circuit layouts and an evening trophy ceremony.</p>',
    placePl: 'Tor Poznań',
    placeEn: 'Tor Poznań',
    start: -210,
    startTime: '08:00',
    endTime: '18:00',
    price: 2700,
    totalSeats: 40,
    seatsTaken: 38,
    statusLimit: 8,
    image: 'track-day',
    interests: [1, 11],
    gallery: { photos: [2, 1, 3, 5, 4, 6, 7] },
  },
  {
    alias: 'chefs-table-workshop',
    category: 'lifestyle',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Warsztaty kulinarne przy stole szefa kuchni',
    nameEn: 'Chef’s Table Cooking Workshop',
    descriptionPl: '<p>Kameralne warsztaty kuchni sezonowej z degustacją win do każdego dania.</p>',
    descriptionEn: '<p>An intimate seasonal cooking workshop with a wine pairing for every course.</p>',
    placePl: 'Warszawa',
    placeEn: 'Warsaw',
    start: -20,
    startTime: '18:00',
    price: 800,
    totalSeats: 16,
    seatsTaken: 16,
    statusLimit: 4,
    image: 'chefs-table',
    interests: [2, 9],
  },
  {
    alias: 'gala-last-season',
    category: 'lifestyle',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Gala Excellence Club – poprzedni sezon',
    nameEn: 'Excellence Club Gala – Last Season',
    descriptionPl: '<p>Wieczór, od którego zaczęła się historia wielu klubowych przyjaźni.</p>',
    descriptionEn: '<p>The evening where many of the club’s friendships began.</p>',
    placePl: 'Hotel Bristol, Warszawa',
    placeEn: 'Hotel Bristol, Warsaw',
    start: -400,
    startTime: '19:30',
    price: 1100,
    totalSeats: 110,
    seatsTaken: 104,
    statusLimit: 10,
    image: 'gala-evening',
    interests: [5, 6],
    gallery: { photos: [18, 20, 19, 22, 21, 17] },
  },
  {
    alias: 'private-preview-unlisted',
    category: 'lifestyle',
    type: PRODUCT_TYPE.EVENT,
    namePl: 'Pokaz prywatny (w przygotowaniu)',
    nameEn: 'Private preview (in preparation)',
    descriptionPl: '<p>Niepublikowane.</p>',
    descriptionEn: '<p>Unpublished.</p>',
    placePl: 'Warszawa',
    placeEn: 'Warsaw',
    start: 80,
    price: 500,
    totalSeats: 10,
    seatsTaken: 0,
    statusLimit: 2,
    published: 0,
    image: 'private-preview',
    interests: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  },
  ...trackSeries(),
];

/** Galleries of club meetings that were not sold as experiences. */
const CLUB_GALLERIES: {
  namePl: string;
  nameEn: string;
  days: number;
  category: keyof typeof CATEGORY_IDS;
  photos: number[];
}[] = [
  {
    namePl: 'Spotkanie klubowe w Krakowie',
    nameEn: 'Club meeting in Kraków',
    days: -75,
    category: 'lifestyle',
    photos: [23, 21, 19, 18, 22],
  },
  {
    namePl: 'Premiera modelu i7 dla członków',
    nameEn: 'Members’ preview of the i7',
    days: -105,
    category: 'lifestyle',
    photos: [22, 21, 23, 18, 20],
  },
  {
    namePl: 'Akademia zimowa – edycja styczniowa',
    nameEn: 'Winter Academy – January edition',
    days: -290,
    category: 'academy',
    photos: [8, 9, 6, 7],
  },
  {
    namePl: 'Rajd Mazurski',
    nameEn: 'Masurian Lakes Rally',
    days: -330,
    category: 'journeys',
    photos: [12, 15, 10, 11],
  },
  {
    namePl: 'Dzień otwarty w centrum jazdy',
    nameEn: 'Open day at the driving centre',
    days: -365,
    category: 'academy',
    photos: [6, 7, 5, 2, 1],
  },
  {
    namePl: 'Wieczór degustacyjny w Sopocie',
    nameEn: 'Tasting evening in Sopot',
    days: -430,
    category: 'lifestyle',
    photos: [19, 18, 17, 20],
  },
  {
    namePl: 'Wyprawa na Nordschleife',
    nameEn: 'Nordschleife expedition',
    days: -470,
    category: 'motorsport',
    photos: [1, 3, 4, 2, 5, 23],
  },
  {
    namePl: 'Regaty klubowe – edycja pierwsza',
    nameEn: 'Club regatta – first edition',
    days: -520,
    category: 'lifestyle',
    photos: [17, 13, 12, 19],
  },
  {
    namePl: 'Jesienna trasa po Dolnym Śląsku',
    nameEn: 'Autumn drive through Lower Silesia',
    days: -560,
    category: 'journeys',
    photos: [15, 11, 10, 12, 13],
  },
];

/** A demo product's fields that are columns of `products` under the same names. */
const SAME_NAMED_COLUMNS = [
  'alias',
  'type',
  'namePl',
  'nameEn',
  'descriptionPl',
  'descriptionEn',
  'placePl',
  'placeEn',
  'totalSeats',
  'seatsTaken',
  'statusLimit',
] as const;

const CATEGORY_IDS = { motorsport: 1, journeys: 2, lifestyle: 3, academy: 4 } as const;

const PARTNERS = [
  {
    id: 1,
    name: 'Aurum Horology',
    image: 'partners/aurum-horology.svg',
    url: 'https://aurum-horology.example',
  },
  {
    id: 2,
    name: 'Velluto Hotels & Resorts',
    image: 'partners/velluto-hotels.svg',
    url: 'https://velluto-hotels.example',
  },
  {
    id: 3,
    name: 'Nordwind Yacht Charter',
    image: 'partners/nordwind-yachts.svg',
    url: 'https://nordwind-yachts.example',
  },
  { id: 4, name: 'Maison Lumière Champagne', image: 'partners/maison-lumiere.svg', url: null },
  {
    id: 5,
    name: 'Altitude Private Aviation',
    image: 'partners/altitude-aviation.svg',
    url: 'https://altitude-aviation.example',
  },
  {
    id: 6,
    name: 'Silesia Circuit',
    image: 'partners/silesia-circuit.svg',
    url: 'https://silesia-circuit.example',
  },
];

async function resetSequence(db: SeedContext['db'], table: string) {
  await db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
    ),
  );
}

/** Categories, partners, experiences in every state of SPEC.md §4, and galleries over two years. */
export async function seedCatalogDemo({ db }: SeedContext): Promise<void> {
  const today = clubToday();
  // The interests seed of the account module may run later; the same rows, inserted once.
  await db
    .insert(interests)
    .values(DEMO_INTERESTS.map((i) => ({ ...i, position: i.id })))
    .onConflictDoNothing();
  await resetSequence(db, 'interests');

  await db.insert(categories).values([
    {
      id: CATEGORY_IDS.motorsport,
      namePl: 'Motorsport',
      nameEn: 'Motorsport',
      descriptionPl:
        'Dni torowe, nocne sesje i klubowy cykl wyścigowy – z instruktorami i samochodami serii M.',
      descriptionEn: 'Track days, night sessions and the club’s racing series – with instructors and M cars.',
      image: 'categories/track.webp',
      banner: 'categories/track-banner.webp',
      bannerMobile: 'categories/track-banner-mobile.webp',
      position: 1,
    },
    {
      id: CATEGORY_IDS.journeys,
      namePl: 'Wyprawy',
      nameEn: 'Journeys',
      descriptionPl: 'Kilkudniowe podróże najpiękniejszymi drogami Europy i świata, z pilotem i serwisem.',
      descriptionEn:
        'Journeys of several days along the finest roads of Europe and beyond, with a lead car and support.',
      image: 'categories/trips.webp',
      banner: 'categories/trips-banner.webp',
      bannerMobile: 'categories/trips-banner-mobile.webp',
      position: 2,
    },
    {
      id: CATEGORY_IDS.lifestyle,
      namePl: 'Lifestyle',
      nameEn: 'Lifestyle',
      descriptionPl: 'Gale, premiery, golf, regaty i kuchnia – wieczory i weekendy w gronie członków klubu.',
      descriptionEn:
        'Galas, premieres, golf, regattas and fine dining – evenings and weekends among members.',
      image: 'categories/lifestyle.webp',
      banner: 'categories/lifestyle-banner.webp',
      bannerMobile: 'categories/lifestyle-banner-mobile.webp',
      position: 3,
    },
    {
      id: CATEGORY_IDS.academy,
      namePl: 'Akademia jazdy',
      nameEn: 'Driving Academy',
      descriptionPl: 'Szkolenia od bezpiecznej jazdy zimą po kontrolowany poślizg – z certyfikatem akademii.',
      descriptionEn:
        'Courses from safe winter driving to controlled slides – with the academy’s certificate.',
      image: 'categories/academy.webp',
      banner: 'categories/academy-banner.webp',
      bannerMobile: 'categories/academy-banner-mobile.webp',
      position: 4,
    },
  ]);
  await resetSequence(db, 'categories');

  await db.insert(partners).values(PARTNERS.map((p) => ({ ...p, position: p.id })));
  await resetSequence(db, 'partners');

  for (const p of PRODUCTS) {
    const startDate = dayFrom(today, p.start);
    const [row] = await db
      .insert(products)
      .values({
        ...pick(p, SAME_NAMED_COLUMNS),
        categoryId: CATEGORY_IDS[p.category],
        annDescriptionPl: p.annPl ?? null,
        annDescriptionEn: p.annEn ?? null,
        startDate,
        startTime: p.startTime ?? null,
        endDate: p.type === PRODUCT_TYPE.TRIP ? dayFrom(today, p.start + (p.length ?? 1)) : null,
        endTime: p.endTime ?? null,
        priceGrosze: p.price * 100,
        memberLimit: 2,
        published: p.published ?? 1,
        image: `products/${p.image}.webp`,
        imageMobile: `products/${p.image}-mobile.webp`,
        videoId: p.video ?? null,
        contactEmail: CONTACT_EMAIL,
        contactPhone: CONTACT_PHONE,
        cartLabelPl: p.cartLabel?.[0] ?? null,
        cartLabelEn: p.cartLabel?.[1] ?? null,
      })
      .returning({ id: products.id });
    const productId = row!.id;
    await db.insert(productInterests).values(p.interests.map((interestId) => ({ productId, interestId })));
    if (p.partners?.length) {
      await db.insert(productPartners).values(p.partners.map((partnerId) => ({ productId, partnerId })));
    }
    if (p.images?.length) {
      await db
        .insert(productImages)
        .values(p.images.map((n, position) => ({ productId, file: photo(n), position })));
    }
    if (p.files?.length) {
      await db
        .insert(productFiles)
        .values(p.files.map(([namePl, nameEn, file]) => ({ productId, namePl, nameEn, file })));
    }
    await db.insert(productTerms).values({
      productId,
      namePl: 'Akceptuję regulamin wydarzeń Excellence Club',
      nameEn: 'I accept the Excellence Club event rules',
      file: 'files/regulamin-wydarzen.pdf',
    });
    if (p.gallery) {
      const [gallery] = await db
        .insert(galleries)
        .values({
          productId,
          categoryId: CATEGORY_IDS[p.category],
          namePl: p.namePl,
          nameEn: p.nameEn,
          date: startDate,
          image: photo(p.gallery.photos[0]!),
        })
        .returning({ id: galleries.id });
      await db
        .insert(galleryImages)
        .values(
          p.gallery.photos.map((n, position) => ({ galleryId: gallery!.id, file: photo(n), position })),
        );
    }
  }

  for (const g of CLUB_GALLERIES) {
    const [gallery] = await db
      .insert(galleries)
      .values({
        categoryId: CATEGORY_IDS[g.category],
        namePl: g.namePl,
        nameEn: g.nameEn,
        date: dayFrom(today, g.days),
        image: photo(g.photos[0]!),
      })
      .returning({ id: galleries.id });
    await db
      .insert(galleryImages)
      .values(g.photos.map((n, position) => ({ galleryId: gallery!.id, file: photo(n), position })));
  }
}
