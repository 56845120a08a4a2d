/** The sections a privacy policy must have, in order: the contents list of the page shows them
 *  whatever the owner saved (the browser tests read this list too). */
export const PRIVACY_SECTIONS = [
  'Interpretation and Definitions',
  'Collecting Your Personal Data',
  'Tracking Technologies and Cookies',
  'Usage of Your Personal Data',
  'Retention of Your Personal Data',
  'Security of Your Personal Data',
  "Children's Privacy",
  'Contact Us',
];
