export { AddressFields } from './address-fields';
export { Badge, type BadgeTone } from './badge';
export { Button, buttonClass } from './button';
export { ConsentCheckboxList } from './consent-checkbox-list';
export { DataLoadError } from './data-load-error';
export { Dialog } from './dialog';
export { EmptyState } from './empty-state';
export { applyServerErrors, useFieldErrorText } from './form-errors';
export {
  CheckboxField,
  PasswordField,
  RadioGroupField,
  SelectField,
  selectClass,
  TextField,
} from './form-fields';
export { KpiTile, KpiTiles } from './kpi-tiles';
export { LanguageButtons } from './language-buttons';
export { LoadingOverlay } from './loading-overlay';
export { Options } from './options';
export { MAIN_MENU_COLLAPSED_EVENT, PageHeader, type SubmenuItem } from './page-header';
export { errorText, PopupProvider, usePopup, useSaveFailure } from './popups';
export { PublicCard, PublicNotice, SignInNotice } from './public-card';
export { Spinner } from './spinner';
export { ResponsiveImage, ResponsivePicture } from './responsive-picture';
export { NewPasswordForm } from './new-password-fields';
export { PersonFields } from './person-fields';
export { type SectionLook, TitledSection } from './titled-section';
