/**
 * Place of the footer's "cookie settings" link (the consent capability fills it in); renders nothing
 * until consent management exists.
 */
export function FooterConsentLink() {
  return null;
}
