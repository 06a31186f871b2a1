/**
 * What the pages behind the banner buttons and the footer's contact link (DECISIONS.md §7) show
 * besides words: addresses, links and room sizes. Their words are the catalogue's `pageTexts`.
 */
import { LIBRARY_EMAIL, LIBRARY_PHONE } from '../../common/constants.ts';

export const contactDetails = { phone: LIBRARY_PHONE, email: LIBRARY_EMAIL };

/** Seats in each study room, in the order of the catalogue's rooms. */
export const studyRoomCapacities = [1, 4, 6, 20] as const;

export const membershipLink = '/register';
