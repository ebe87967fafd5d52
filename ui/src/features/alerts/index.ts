/* The dashboard's alerts table acts on alerts in place, with the alerts screen's own actions and filter toggle. */
export { ActiveInactiveToggle } from './active-inactive-toggle';
export { AlertActions } from './alert-actions';
export { mostSevereFirst, mostSevereItemFirst } from './alert-order';
export { AlertItemSummary } from './alert-item-summary';
export {
  AcknowledgeGroupButton,
  AlertGroupMembers,
  GroupToggle,
  groupStatusText,
  useGroupDisclosure,
} from './alert-group';
