/**
 * The desk's route loader as the route table imports it, once, when the desk is opened: the
 * desk's own loader with the tabs the appointments own handed in (features do not import each
 * other), in one module so the page's data starts with one request beside the page's module.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { loadDesk } from '../features/desk/desk-loader.ts';
import { appointmentDeskTabs } from '../features/appointments/desk-appointment-loaders.ts';

export const loadDeskPage = (args: LoaderFunctionArgs) => loadDesk(args, appointmentDeskTabs);
