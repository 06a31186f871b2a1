/**
 * What the pages behind the banner buttons and the footer's contact link (docs/product.md#home) show
 * besides words: addresses and links. Their words are the catalogue's `pageTexts`.
 */
import { LIBRARY_EMAIL, LIBRARY_PHONE } from '../../common/constants.ts';

export const contactDetails = { phone: LIBRARY_PHONE, email: LIBRARY_EMAIL };

export const membershipLink = '/register';
