/* The carers' list for a form's carer select, shared with the leave screen's carer filter. */
export { carerChoicesQueryOptions } from './get-carer-choices';
