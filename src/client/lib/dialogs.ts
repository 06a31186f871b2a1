/**
 * SweetAlert2 dialogs and toasts. The library is imported on first use so that pages which never
 * show a dialog never download it.
 *
 * Every text is given through SweetAlert2's text-only options (`titleText`, `text`): its `title`
 * and `html` are parsed as HTML, so a member named `<style>…</style><meta http-equiv="refresh">`
 * took over the librarian's page when a toast named them (issue 30). Button texts have no
 * text-only option, so they are escaped.
 */
import type { SweetAlertIcon } from 'sweetalert2';
import { t } from './i18n.ts';
import { timings } from './messages.ts';
import { currentTheme } from './theme.ts';

const loadSwal = () => import('sweetalert2').then((module) => module.default);

/** `text` as HTML that shows it as written, for the options SweetAlert2 only takes as HTML. */
const escapedHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export async function showAlert(icon: SweetAlertIcon, title: string, text?: string) {
  const Swal = await loadSwal();
  await Swal.fire({
    icon,
    titleText: title,
    text,
    confirmButtonText: escapedHtml(t.shellTexts.ok),
    theme: currentTheme(),
  });
}

/** A toast at the top end that closes itself (1.5 s unless told otherwise). */
export async function showToast(
  icon: SweetAlertIcon,
  title: string,
  text?: string,
  timer: number = timings.toast,
) {
  const Swal = await loadSwal();
  await Swal.fire({
    toast: true,
    position: 'top-end',
    icon,
    titleText: title,
    text,
    showConfirmButton: false,
    timer,
    theme: currentTheme(),
  });
}

/** Red-700: white text on it has a contrast of 6.5:1, in light and dark alike. */
const DESTRUCTIVE_COLOR = '#b91c1c';

/**
 * Asks before an action that cannot be undone from here; resolves to whether it was confirmed.
 * A destructive one (deleting an account) asks with a warning and a red button.
 */
export async function confirmDialog(
  title: string,
  text: string,
  confirmButtonText: string,
  cancelButtonText: string,
  { destructive = false } = {},
): Promise<boolean> {
  const Swal = await loadSwal();
  const { isConfirmed } = await Swal.fire({
    icon: destructive ? 'warning' : 'question',
    ...(destructive && { confirmButtonColor: DESTRUCTIVE_COLOR }),
    titleText: title,
    text,
    showCancelButton: true,
    confirmButtonText: escapedHtml(confirmButtonText),
    cancelButtonText: escapedHtml(cancelButtonText),
    focusCancel: true,
    theme: currentTheme(),
  });
  return isConfirmed;
}
