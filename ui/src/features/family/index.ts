/* The office's family access section, offered on a client's card. */
export { FamilyAccessButton } from './family-access-dialog';
