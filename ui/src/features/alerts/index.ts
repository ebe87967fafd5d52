/* The dashboard's alerts table acts on alerts in place, with the alerts screen's own actions and filter toggle. */
export { ActiveInactiveToggle } from './active-inactive-toggle';
export { AlertActions } from './alert-actions';
export { mostSevereFirst } from './alert-order';
