/**
 * The words of the study rooms and events pages and their desk tabs, in the current language:
 * a chunk of their own per language, fetched with the first module that imports this one, like
 * lib/page-texts.ts.
 */
import type { AppointmentsCatalogue } from '../../../common/i18n/catalogue.ts';
import { language } from '../../lib/i18n.ts';

export const tAppointments: AppointmentsCatalogue =
  language === 'bn'
    ? (await import('../../../common/i18n/bn-appointments.ts')).bnAppointments
    : (await import('../../../common/i18n/en-appointments.ts')).enAppointments;
