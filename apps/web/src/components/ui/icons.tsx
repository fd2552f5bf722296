import type { SVGProps } from 'react';

/**
 * The app's small icons, drawn as SVG so that none depends on the device's fonts (issue 28: a font
 * character such as ⚿ shows as an empty box where the font lacks it). Each is 1em square, so it takes
 * the size of the text beside it, and decorative: the control or text next to it carries the meaning.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

const icon =
  (name: string, paths: React.ReactNode, filled = false) =>
  (props: IconProps) => (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      {...props}
    >
      {paths}
    </svg>
  );

/** No dealer permissions: a padlock. */
export const LockIcon = icon(
  'lock',
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const CheckIcon = icon('check', <path d="M4 12.5l5 5L20 6.5" />);
export const CircleIcon = icon('circle', <circle cx="12" cy="12" r="7" />);
export const CrossIcon = icon('cross', <path d="M6 6l12 12M18 6 6 18" />);
/** The club's mark beside its name. */
export const BrandMark = icon('brand', <path d="M12 2l8 10-8 10-8-10z" />, true);
export const ArrowLeftIcon = icon('arrow-left', <path d="M19 12H5m6-6-6 6 6 6" />);
export const ArrowRightIcon = icon('arrow-right', <path d="M5 12h14m-6-6 6 6-6 6" />);
export const ArrowUpIcon = icon('arrow-up', <path d="M12 19V5m-6 6 6-6 6 6" />);
export const ArrowDownIcon = icon('arrow-down', <path d="M12 5v14m-6-6 6 6 6-6" />);
export const DownloadIcon = icon('download', <path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />);
export const SortIcon = icon('sort', <path d="M8 10l4-5 4 5M8 14l4 5 4-5" />);
export const SortUpIcon = icon('sort-up', <path d="M7 14l5-6 5 6z" />, true);
export const SortDownIcon = icon('sort-down', <path d="M7 10l5 6 5-6z" />, true);
export const DragHandleIcon = icon(
  'drag',
  <>
    <circle cx="9" cy="6" r="1.5" />
    <circle cx="15" cy="6" r="1.5" />
    <circle cx="9" cy="12" r="1.5" />
    <circle cx="15" cy="12" r="1.5" />
    <circle cx="9" cy="18" r="1.5" />
    <circle cx="15" cy="18" r="1.5" />
  </>,
  true,
);
export const UndoIcon = icon('undo', <path d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />);
export const RedoIcon = icon('redo', <path d="m15 14 5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />);
