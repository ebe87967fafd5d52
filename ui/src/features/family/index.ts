/* The office's family access section, offered on a client's card. */
export { FamilyAccessButton } from './family-access-dialog';
/* The family members' concerns waiting for a reply, shown with the welfare concerns. */
export { OfficeFamilyConcerns } from './office-family-concerns';
