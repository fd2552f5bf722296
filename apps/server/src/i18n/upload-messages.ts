/** Refusals of an upload (lib/uploads.ts, lib/images.ts), under `upload.*`. */
export const uploadMessages = {
  pl: {
    notMultipart: 'Wyślij plik jako formularz (multipart/form-data).',
    noFile: 'Nie wybrano pliku.',
    oneFile: 'Wyślij jeden plik na raz.',
    fileName: 'Nazwa pliku nie może zawierać ścieżki ani znaków sterujących.',
    broken: 'Przesyłanie pliku zostało przerwane. Spróbuj ponownie.',
    tooLarge: 'Plik jest za duży: najwyżej {{megabytes}} MB.',
    wrongType: 'Ten plik nie jest zdjęciem: prześlij zdjęcie JPEG, PNG, WebP lub AVIF.',
    svg: 'Pliki SVG nie są przyjmowane: prześlij zdjęcie JPEG, PNG, WebP lub AVIF.',
    tooManyPixels: 'Zdjęcie ma za dużo pikseli: najwyżej {{megapixels}} megapikseli.',
    damaged: 'Nie da się odczytać tego zdjęcia: plik jest uszkodzony lub niekompletny.',
  },
  en: {
    notMultipart: 'Send the file as a form (multipart/form-data).',
    noFile: 'No file was chosen.',
    oneFile: 'Send one file at a time.',
    fileName: 'The file name must not contain a path or control characters.',
    broken: 'The upload was interrupted. Please try again.',
    tooLarge: 'The file is too large: {{megabytes}} MB at most.',
    wrongType: 'This file is not a photo: upload a JPEG, PNG, WebP or AVIF photo.',
    svg: 'SVG files are not accepted: upload a JPEG, PNG, WebP or AVIF photo.',
    tooManyPixels: 'The photo has too many pixels: {{megapixels}} megapixels at most.',
    damaged: 'This photo cannot be read: the file is damaged or incomplete.',
  },
};
