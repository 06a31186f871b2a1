/**
 * SweetAlert2 dialogs and toasts. The library is imported on first use so that pages which never
 * show a dialog never download it.
 */
import type { SweetAlertIcon } from 'sweetalert2';
import { t } from './i18n.ts';
import { timings } from './messages.ts';
import { currentTheme } from './theme.ts';

const loadSwal = () => import('sweetalert2').then((module) => module.default);

export async function showAlert(icon: SweetAlertIcon, title: string, text?: string) {
  const Swal = await loadSwal();
  await Swal.fire({
    icon,
    title,
    text,
    confirmButtonText: t.shellTexts.ok,
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
    title,
    text,
    showConfirmButton: false,
    timer,
    theme: currentTheme(),
  });
}

/** The confirm button of a destructive question. */
const DESTRUCTIVE_COLOR = '#b91c1c';

/** Asks before an action that cannot be undone from here; resolves to whether it was confirmed. */
export async function confirmDialog(
  title: string,
  text: string,
  confirmButtonText: string,
  cancelButtonText: string,
  /** What cannot be undone (deleting an account) asks in red, with a warning. */
  destructive = false,
): Promise<boolean> {
  const Swal = await loadSwal();
  const { isConfirmed } = await Swal.fire({
    icon: destructive ? 'warning' : 'question',
    // Red-700: white text on it has a contrast of 6.5:1, in light and dark alike.
    ...(destructive ? { confirmButtonColor: DESTRUCTIVE_COLOR } : {}),
    title,
    text,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText,
    focusCancel: true,
    theme: currentTheme(),
  });
  return isConfirmed;
}
