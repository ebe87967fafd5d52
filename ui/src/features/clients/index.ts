/* The dashboard's quick action adds a client with the clients screen's own form. */
export { ClientFormDialog } from './client-form-dialog';
