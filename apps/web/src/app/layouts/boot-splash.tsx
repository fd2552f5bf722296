import { BrandMark } from '../../components/ui/icons';
/**
 * The splash's frame of index.html, drawn by React where the guard sends a first load on to the splash
 * (the frame between React's first render and the splash page's), so the screen never blinks.
 */
export function BootSplash() {
  return (
    <main className="boot-splash" aria-busy="true">
      <div className="boot-splash-card">
        <p className="boot-splash-brand" aria-hidden="true">
          <BrandMark /> Excellence Club
        </p>
        <span className="boot-splash-spinner" />
        <p className="boot-splash-line" />
      </div>
    </main>
  );
}
