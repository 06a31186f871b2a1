import { DEFAULT_APP_NAME } from '../../common/constants.ts';
import { documentTitle as titleOf } from '../../common/i18n/page-title.ts';

/** The server writes the product name (APP_NAME) into index.html; the client reads it once. */
export const appName =
  document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content ||
  DEFAULT_APP_NAME;

export const documentTitle = (page?: string) => titleOf(appName, page);
